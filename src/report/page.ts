/** The shell of a self-contained report page (inline CSS, no script, no network), shared by every HTML report. */
import { esc } from "./escape.js";

/** One HTML document: `title`, inline `css`, and the `sections` inside <main>. */
export function htmlPage(title: string, css: string, sections: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${css}</style>
</head>
<body>
<main>
${sections.join("\n")}
</main>
</body>
</html>
`;
}

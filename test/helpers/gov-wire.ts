// A cosmos.gov.v1 Proposal on the wire (every field its zero value but those given), and the proposal
// the port reads from it: encoded, decoded and read through the Registry, as a node's answer is.
import { type GovProposal as Wire, QueryProposalResponse } from "../../src/chain/gen/proto.js";
import { proposalFromWire, type GovProposal } from "../../src/gov/proposal.js";
import { govRegistry } from "../../src/gov/registry.js";

export const wireProposal = (m: Partial<Wire>): Wire => ({
  id: 7n,
  messages: [],
  status: 2,
  finalTallyResult: undefined,
  submitTime: undefined,
  depositEndTime: undefined,
  totalDeposit: [],
  votingStartTime: undefined,
  votingEndTime: undefined,
  metadata: "",
  title: "",
  summary: "",
  proposer: "",
  expedited: false,
  failedReason: "",
  ...m,
});

/** The proposal read from `m` on the wire, labelled "wire.json", at height 5. */
export const fromWire = async (m: Partial<Wire>): Promise<GovProposal> => proposalFromWire(QueryProposalResponse.decode(QueryProposalResponse.encode({ proposal: wireProposal(m) })).proposal!, await govRegistry(), "wire.json", 5n);

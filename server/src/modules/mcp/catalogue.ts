import type { Caller } from '../../context.ts';
import type { AgentTool } from './tool.ts';
import { approvalsApprove, approvalsPending, approvalsReject } from './tools/approvals.ts';
import { attendanceGet, checkIn, checkOut, overrideAttendanceDay, requestRegularization, teamToday } from './tools/attendance.ts';
import { leaveTools } from './tools/leave.ts';
import { peopleLookup, whoami } from './tools/people.ts';

/** Every agent tool, in the order `tools/list` shows them (deterministic, as MCP asks). */
export const TOOLS: readonly AgentTool[] = [
  whoami,
  attendanceGet,
  checkIn,
  checkOut,
  requestRegularization,
  ...leaveTools,
  approvalsPending,
  approvalsApprove,
  approvalsReject,
  teamToday,
  peopleLookup,
  overrideAttendanceDay,
];

/**
 * The tools this caller may use: those their permissions allow (as they are
 * now), and of those only the reading ones on a read-only credential. Any
 * other tool is not listed and calling it is refused as an unknown tool.
 */
export function toolsFor(caller: Caller): AgentTool[] {
  const canAct = caller.credential?.canAct ?? false;
  return TOOLS.filter((t) => t.allowed(caller) && (!t.acts || canAct));
}

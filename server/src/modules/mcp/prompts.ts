import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Caller } from '../../context.ts';
import { cacheJsonSchema, has } from './tool.ts';

/** Two prompts people start from: planning their leave, reviewing what waits for their decision. */

const PLAN_ARGS = cacheJsonSchema(
  z.object({
    when: z.string().max(200).optional().describe('Roughly when, e.g. "next Friday", "the week after Diwali".'),
    days: z.string().max(20).optional().describe('How many days, if you know.'),
  }),
);

const user = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export function registerPrompts(server: McpServer, caller: Caller): void {
  if (has(caller, 'leave:apply')) {
    server.registerPrompt(
      'plan_my_leave',
      {
        title: 'Plan my leave',
        description: 'Find good dates for time off: balances, what the dates cost, who else is away; applies only after you confirm.',
        argsSchema: PLAN_ARGS,
      },
      (args) =>
        user(
          [
            `I want to plan some leave${args.when ? ` ${args.when}` : ''}${args.days ? ` (about ${args.days} days)` : ''}.`,
            'First call whoami for today\'s date, weekday and time zone, then leave_balances.',
            'Suggest dates, and for each option call leave_quote: tell me the working days it costs, my balance after, whether HR must approve too, the team load and who else on my team is away, and anything that would refuse it.',
            'Do not apply until I say which option I want; then call leave_apply with exactly those dates and confirm what was submitted.',
          ].join('\n'),
        ),
    );
  }
  if (has(caller, 'leave:approve', 'leave:hr-approve', 'regularization:approve', 'regularization:hr-approve')) {
    server.registerPrompt(
      'review_team_approvals',
      {
        title: 'Review my team\'s pending approvals',
        description: 'Go through the leave requests and attendance corrections waiting for your decision, with team-load context and a recommendation for each.',
      },
      () =>
        user(
          [
            'Review what is waiting for my decision: call approvals_pending (and follow nextCursor until there is none).',
            'For each leave request give the person, type, dates, working days, balance after, and the team load (team size, how many are away on the busiest day, load ok/tight/critical) and the days of this type they already took this year; for each regularization the day, kind, proposed punches and reason.',
            'Recommend approve or reject with a one-line reason, then wait: only after I say so, call approvals_approve or approvals_reject (with a note of at most 500 characters) for the ones I choose.',
          ].join('\n'),
        ),
    );
  }
}

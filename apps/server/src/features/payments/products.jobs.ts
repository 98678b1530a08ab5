import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { syncSchoolYear } from './products.service';

const payload = z.object({
  school_id: z.number().int().positive(),
  calendar_year: z.number().int(),
  actor_user_id: z.number().int().positive().nullable(),
});

declare module '../../platform/jobs' {
  interface JobPayloads {
    'payments-sync-school': z.infer<typeof payload>;
  }
}

/** Brings a large school's charges and locks in line with new prices, after the product editor saved them. */
export const paymentsSyncSchoolJob = defineJob({
  name: 'payments-sync-school',
  payload,
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 15 * 60,
  pollSeconds: 5,
  handler: async (p, { deps, log }) => {
    const result = await syncSchoolYear(deps, {
      schoolId: p.school_id,
      calendarYear: p.calendar_year,
      actorUserId: p.actor_user_id,
    });
    log.info({ ...result, school_id: p.school_id, calendar_year: p.calendar_year }, 'payments sync');
  },
});

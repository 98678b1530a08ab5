import { z } from 'zod';

export const schoolSchema = z.object({ id: z.number().int(), name: z.string() });
export type School = z.infer<typeof schoolSchema>;
export const schoolListResponse = z.array(schoolSchema);

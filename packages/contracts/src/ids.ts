import { z } from 'zod';

/** The largest id: every table's id is a PostgreSQL integer (int4). */
export const MAX_ID = 2_147_483_647;

/** An id in a path or query string: a whole number from 1 to MAX_ID, so a bigger one is a 400, never a 500. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);

/** An id in a JSON body: a whole number from 1 to MAX_ID. */
export const idValue = z.number().int().positive().max(MAX_ID);

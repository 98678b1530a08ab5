import { z } from 'zod';

/** Plain-English messages for the few zod defaults a person would otherwise see. */
export function configureZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
      return undefined;
    },
  });
}

/** The root of every exam-authoring query, so a write can invalidate the list and options together. */
export const authoringQueryKey = ['exam-authoring'] as const;

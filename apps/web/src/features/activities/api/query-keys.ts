/** Every activity list query starts with this key, so a write can refresh them all. */
export const activityListKey = ['activities', 'list'] as const;

/** Every trials query starts with this key, so a write can refresh them all. */
export const trialsKey = ['trials'] as const;

/** Every query of the welcome emails feature starts with this key, so a change can refresh them all. */
export const welcomeEmailsKey = ['welcome-emails'] as const;

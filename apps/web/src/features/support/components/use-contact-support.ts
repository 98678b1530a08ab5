import { createContext, useContext } from 'react';

/** Opens the way to support: the chat widget when one is configured, else the support dialog. */
export type ContactSupport = () => Promise<void>;

export const ContactSupportContext = createContext<ContactSupport | null>(null);

export function useContactSupport(): ContactSupport {
  const contact = useContext(ContactSupportContext);
  if (!contact) throw new Error('useContactSupport needs a ContactSupportProvider above it');
  return contact;
}

import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { clientConfigQueryOptions } from '../api/get-client-config';
import { loadChatWidget } from './load-chat-widget';
import { SupportDialog } from './support-dialog';
import { ContactSupportContext } from './use-contact-support';

interface ContactSupportProviderProps {
  /** Signed-out people must give an email address so support can reply. */
  signedIn: boolean;
  children: ReactNode;
}

/** Provides `useContactSupport` and renders the support dialog it opens. */
export function ContactSupportProvider({ signedIn, children }: ContactSupportProviderProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();

  const contact = useCallback(async () => {
    // Only settings already loaded are used: on a failure page the config request may itself be failing,
    // and the dialog must open at once rather than after the request helper's retries.
    const config = queryClient.getQueryData(clientConfigQueryOptions().queryKey);
    if (config?.chat_widget_url && (await loadChatWidget(config.chat_widget_url))) return;
    open();
  }, [queryClient, open]);

  return (
    <ContactSupportContext.Provider value={contact}>
      {children}
      <SupportDialog opened={opened} onClose={close} signedIn={signedIn} />
    </ContactSupportContext.Provider>
  );
}

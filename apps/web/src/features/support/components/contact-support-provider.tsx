import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { clientConfigQueryOptions } from '../api/get-client-config';
import { loadChatWidget } from './load-chat-widget';
import { ContactSupportContext } from './use-contact-support';

// The dialog's form (and its modal) loads when someone first asks for support, not with every page.
const SupportDialog = lazy(async () => ({ default: (await import('./support-dialog')).SupportDialog }));

interface ContactSupportProviderProps {
  /** Signed-out people must give an email address so support can reply. */
  signedIn: boolean;
  children: ReactNode;
}

/** Provides `useContactSupport` and renders the support dialog it opens. */
export function ContactSupportProvider({ signedIn, children }: ContactSupportProviderProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const queryClient = useQueryClient();

  const contact = useCallback(async () => {
    // Only settings already loaded are used: on a failure page the config request may itself be failing,
    // and the dialog must open at once rather than after the request helper's retries.
    const config = queryClient.getQueryData(clientConfigQueryOptions().queryKey);
    if (config?.chat_widget_url && (await loadChatWidget(config.chat_widget_url))) return;
    setWanted(true);
    open();
  }, [queryClient, open]);

  return (
    <ContactSupportContext.Provider value={contact}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SupportDialog opened={opened} onClose={close} signedIn={signedIn} />
        </Suspense>
      )}
    </ContactSupportContext.Provider>
  );
}

import { Button, type ButtonProps } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useClientConfig } from '../api/get-client-config';
import { useContactSupport } from './use-contact-support';

/** The 'Contact support' button every failure page offers (spec §2). */
export function ContactSupportButton(props: Omit<ButtonProps, 'children' | 'onClick' | 'loading'>) {
  // Loads the settings ahead of the click, so the chat widget (if any) can be used at once.
  useClientConfig();
  const contact = useContactSupport();
  const [busy, setBusy] = useState(false);

  const onClick = () => {
    setBusy(true);
    void contact().finally(() => setBusy(false));
  };

  return (
    <Button
      variant="default"
      leftSection={<IconLifebuoy size={18} aria-hidden />}
      {...props}
      loading={busy}
      onClick={onClick}
    >
      Contact support
    </Button>
  );
}

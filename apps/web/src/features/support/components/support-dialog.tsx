import { createSupportRequestBody } from '@banksia/contracts/support';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { useCreateSupportRequest } from '../api/create-support-request';

interface SupportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** When signed out, the dialog asks for an email address to reply to. */
  signedIn: boolean;
}

const EMAIL_NEEDED = 'Tell us your email so we can reply.';

/** A message to support about the page the person is on. */
export function SupportDialog({ opened, onClose, signedIn }: SupportDialogProps) {
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useCreateSupportRequest();

  const close = () => {
    onClose();
    // Cleared on close so the next visit starts afresh, but a half-written message survives a failed send.
    if (send.isSuccess) {
      setMessage('');
      send.reset();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const values = { message, email: signedIn ? undefined : email.trim() || undefined, page: window.location.pathname };
    const checked = validate(createSupportRequestBody, values);
    const found = checked.ok ? {} : checked.errors;
    if (!signedIn && !values.email) found.email ??= EMAIL_NEEDED;
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    send.mutate(checked.data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <Modal opened={opened} onClose={close} title="Contact support" size="lg">
      {send.isSuccess ? (
        <Stack>
          <Alert icon={<IconCircleCheck aria-hidden />} title="Message sent">
            Thanks — we&apos;ve got your message. We&apos;ll reply by email as soon as we can.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm">
              Tell us what happened and what you were trying to do. We&apos;ll include the address of this page.
            </Text>
            <FormFailureAlert
              error={send.isError ? send.error : null}
              fieldErrors={errors}
              title="Your message was not sent"
            />
            <Textarea
              label="How can we help?"
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={errors.message}
              autosize
              minRows={4}
              maxRows={12}
              data-autofocus
            />
            {!signedIn && (
              <TextInput
                label="Email"
                description="We'll reply to this address."
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errors.email}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

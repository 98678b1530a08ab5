import { updateProfileBody, type Me } from '@banksia/contracts/accounts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { useUpdateProfile } from '../api/update-profile';
import { notify } from '../../../lib/notify';

/** The signed-in user's first and last name. */
export function ProfileForm({ me }: { me: Me }) {
  const [firstName, setFirstName] = useState(me.user.first_name);
  const [lastName, setLastName] = useState(me.user.last_name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const unchanged = firstName === me.user.first_name && lastName === me.user.last_name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = validate(updateProfileBody, { first_name: firstName, last_name: lastName });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setFirstName(saved.user.first_name);
        setLastName(saved.user.last_name);
        notify({ color: 'teal', title: 'Profile saved', message: 'Your name has been updated.' });
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
      <Stack>
        <FormFailureAlert
          error={update.isError ? update.error : null}
          fieldErrors={errors}
          title="Your name was not saved"
        />
        <TextInput
          label="First name"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
          error={errors.first_name}
          readOnly={update.isPending}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.currentTarget.value)}
          error={errors.last_name}
          readOnly={update.isPending}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /account/forgot-password/: ask for a link to choose a new password. */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password · Banksia');
  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center">
        Forgot your password?
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        Enter your email and we will send you a link to choose a new one.
      </Text>
      <Paper withBorder shadow="sm" p="xl">
        <ForgotPasswordForm />
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <Anchor component={Link} to="/account/">
          Back to sign in
        </Anchor>
      </Text>
    </Container>
  );
}

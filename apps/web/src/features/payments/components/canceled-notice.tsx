import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';

export function CanceledNotice() {
  const [params] = useSearchParams();
  if (!params.get('canceled')) return null;
  return (
    <Alert color="yellow" title="Payment cancelled">
      Nothing was charged. You can pay whenever you are ready.
    </Alert>
  );
}

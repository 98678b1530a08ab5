import { Text } from '@mantine/core';

/** Where the creation wizard is: step 1 the details, step 2 the sections and questions. */
export function CreateSteps({ step }: { step: 1 | 2 }) {
  return (
    <Text c="dimmed" size="sm">
      Step {step} of 2: {step === 1 ? 'details' : 'sections and questions'}
    </Text>
  );
}

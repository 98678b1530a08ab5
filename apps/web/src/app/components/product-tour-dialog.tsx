import { Button, Group, List, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { tourSteps } from './product-tour-steps';

/** The tour itself: a modal stepper, loaded when someone first asks for the tour. */
export function ProductTourDialog({
  teaching,
  opened,
  onClose,
}: {
  teaching: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const [active, setActive] = useState(0);
  const steps = tourSteps(teaching);
  const last = active === steps.length - 1;
  return (
    <Modal opened={opened} onClose={onClose} title="A quick tour of Banksia" size="lg">
      <Stack gap="md">
        <Stepper active={active} onStepClick={setActive} size="sm" aria-label="Tour steps">
          {steps.map((step) => (
            <Stepper.Step key={step.title} label={step.title}>
              <Stack gap="xs" mt="sm">
                <Text>{step.body}</Text>
                <List size="sm" spacing={4}>
                  {step.points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            Step {active + 1} of {steps.length}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => setActive((s) => s - 1)} disabled={active === 0}>
              Back
            </Button>
            {last ? (
              <Button onClick={onClose}>Finish</Button>
            ) : (
              <Button onClick={() => setActive((s) => s + 1)}>Next</Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

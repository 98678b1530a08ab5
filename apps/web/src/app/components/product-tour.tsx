import type { Me } from '@banksia/contracts/accounts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCompass } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { track } from '../../lib/analytics';

const ProductTourDialog = lazy(async () => ({ default: (await import('./product-tour-dialog')).ProductTourDialog }));

/** "Take a tour": a short step-by-step introduction, recorded as 'clicked take a tour button'. */
export function ProductTour({ me }: { me: Me }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on (its code loads then), so closing keeps its transition and a reopening starts
  // again at the first step.
  const [openings, setOpenings] = useState(0);
  const teaching = me.classes.some((c) => c.role === 'teacher') || me.roles.includes('teacher');

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconCompass size={16} aria-hidden />}
        onClick={() => {
          track('clicked take a tour button', { role: teaching ? 'teacher' : 'student' });
          setOpenings((n) => n + 1);
          open();
        }}
      >
        Take a tour
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <ProductTourDialog key={openings} teaching={teaching} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

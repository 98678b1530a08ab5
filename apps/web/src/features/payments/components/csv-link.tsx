import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

export function CsvLink({ href }: { href: string }) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      Download CSV
    </Button>
  );
}

import { ACTIVITY_IMAGE_TYPES, MAX_ACTIVITY_IMAGE_BYTES } from '@banksia/contracts/activities';
import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { uploadActivityImage } from '../api/upload-activity-image';

export const IMAGE_TYPE_ERROR = 'Choose a PNG, JPEG, WebP or GIF image.';
export const IMAGE_SIZE_ERROR = `The image must be at most ${MAX_ACTIVITY_IMAGE_BYTES / 1_000_000} MB.`;

/** Why a file cannot be an activity image (checked again by the server, by its bytes), or null. */
export function imageFileProblem(file: File): string | null {
  if (!(ACTIVITY_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > MAX_ACTIVITY_IMAGE_BYTES) return IMAGE_SIZE_ERROR;
  return null;
}

export interface ImageUploadFieldProps {
  label: string;
  /** The image's current address, '' for none. */
  url: string;
  onUploaded: (url: string) => void;
}

/** Picks an image, checks its type and size, uploads it to the public store and reports its address. */
export function ImageUploadField({ label, url, onUploaded }: ImageUploadFieldProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress(0);
    try {
      const answer = await uploadActivityImage(file, { onProgress: setProgress });
      onUploaded(answer.url);
    } catch (failure) {
      setError(formErrorOf(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <Group align="center" gap="md">
        <FileButton onChange={(file) => void upload(file)} accept={ACTIVITY_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              loading={progress !== null}
              aria-describedby={`${id}-help`}
            >
              {url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </Button>
          )}
        </FileButton>
        {url && <Image src={url} alt="" h={56} w="auto" fit="contain" radius="sm" />}
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-help`}>
        PNG, JPEG, WebP or GIF, at most {MAX_ACTIVITY_IMAGE_BYTES / 1_000_000} MB
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      {progress !== null && (
        <>
          <Progress value={progress * 100} aria-label="Uploading image" size="sm" />
          <Text size="xs" c="dimmed" role="status">
            Uploading...
          </Text>
        </>
      )}
    </Stack>
  );
}

import type { Chunk } from '@banksia/contracts/courses';
import { Anchor, AspectRatio, Code, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconVideo } from '@tabler/icons-react';
import { formatClock } from './format-clock';
import { LazyVideoUnavailable } from './lazy-lesson-notices';
import classes from './chunk-player.module.css';

/** Where a hosted video can be watched, by provider; other providers get no link, only their id. */
const hostedPages: Record<string, { name: string; url: (id: string) => string }> = {
  youtube: { name: 'YouTube', url: (id) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` },
  vimeo: { name: 'Vimeo', url: (id) => `https://vimeo.com/${encodeURIComponent(id)}` },
  wistia: { name: 'Wistia', url: (id) => `https://fast.wistia.net/embed/iframe/${encodeURIComponent(id)}` },
};

interface VideoPanelProps {
  chunk: Chunk;
  /** Receives the <video> element (null when none), so watch time can be tracked. */
  videoRef: (element: HTMLVideoElement | null) => void;
}

/** A chunk's video: played here when the app serves the file, described with a link out when hosted elsewhere. */
export function VideoPanel({ chunk, videoRef }: VideoPanelProps) {
  const { video } = chunk;
  if (video.kind === 'hosted') return <HostedVideo chunk={chunk} />;
  if (!video.url) {
    return <LazyVideoUnavailable />;
  }
  // Captions on by default: the author's default track, else the first one.
  const defaultTrack = video.captions.find((c) => c.is_default) ?? video.captions[0];
  return (
    <AspectRatio ratio={16 / 9} className={classes.videoFrame}>
      <video
        ref={videoRef}
        key={chunk.id}
        src={video.url}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${chunk.title}`}
        className={classes.video}
      >
        {video.captions.map((track) => (
          <track
            key={track.id}
            kind="captions"
            src={track.url}
            srcLang={track.srclang}
            label={track.label}
            default={track === defaultTrack}
          />
        ))}
        Your browser cannot play this video. <a href={video.url}>Download it</a> instead.
      </video>
    </AspectRatio>
  );
}

function HostedVideo({ chunk }: { chunk: Chunk }) {
  const { video } = chunk;
  const provider = video.provider ?? 'another site';
  const page = hostedPages[provider.toLowerCase()];
  const name = page?.name ?? provider;
  return (
    <Paper withBorder p="lg" className={classes.hosted}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconVideo size={24} />
          </ThemeIcon>
          <div>
            <Title order={3} size="h4">
              Watch this part on {name}
            </Title>
            <Text size="sm" c="dimmed">
              Video · {formatClock(video.duration || chunk.total_duration)}
            </Text>
          </div>
        </Group>
        <Text>
          This video is hosted on {name}. Banksia does not load players from other sites, so watch it there
          {page ? '' : ' using the video id below'}.
        </Text>
        <Text size="sm">
          Video id: <Code>{video.hosted_id ?? 'not set'}</Code>
        </Text>
        {page && video.hosted_id && (
          <Anchor href={page.url(video.hosted_id)} target="_blank" rel="noopener noreferrer" fw={600}>
            <Group gap={4} component="span">
              Watch on {name}
              <IconExternalLink size={16} aria-hidden />
              <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
            </Group>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

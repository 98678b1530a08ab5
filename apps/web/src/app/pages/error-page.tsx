import { httpErrorMessages, httpErrorTitles, unknownHttpError } from '@banksia/contracts/errors';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMapSearch, IconPlugConnectedX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { signInPath } from '../sign-in-path';
import { StatusPage } from './status-page';

const iconSize = 40;

/** The page for an HTTP error status, with the catalogue's title and message (spec §8). */
export function ErrorPage({ status }: { status: number }) {
  const location = useLocation();
  const title = httpErrorTitles[status];
  const message = httpErrorMessages[status];
  if (title === undefined || message === undefined) {
    return (
      <StatusPage icon={<IconAlertTriangle size={iconSize} />} title={unknownHttpError.title}>
        {unknownHttpError.message}
      </StatusPage>
    );
  }

  const actions =
    status === 401 ? (
      <Button component={Link} to={signInPath(location)}>
        Sign in
      </Button>
    ) : status === 404 || status === 403 ? (
      <Button component={Link} to="/">
        Go to the homepage
      </Button>
    ) : (
      <Button onClick={() => window.location.reload()}>Try again</Button>
    );

  return (
    <StatusPage icon={iconFor(status)} title={title} eyebrow={`Error ${status}`} actions={actions}>
      {message}
    </StatusPage>
  );
}

function iconFor(status: number) {
  if (status === 401 || status === 403) return <IconLock size={iconSize} />;
  if (status === 404) return <IconMapSearch size={iconSize} />;
  if (status === 502 || status === 503) return <IconPlugConnectedX size={iconSize} />;
  return <IconAlertTriangle size={iconSize} />;
}

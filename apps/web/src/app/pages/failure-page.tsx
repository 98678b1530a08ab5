import { FailureReason } from '@banksia/contracts/errors';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconHandStop, IconLock, IconMapSearch, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

const iconSize = 40;

/** The page for a failed request, chosen by its failure reason (spec §2, §8). */
export function FailurePage({ reason }: { reason: FailureReason | string }) {
  switch (reason) {
    case FailureReason.UNAUTHORIZED_ERROR:
      return (
        <StatusPage icon={<IconHandStop size={iconSize} />} title="What are you doing here?">
          These resources are not meant for you. If you think you should be able to see them, check that you are signed
          in with the right account.
        </StatusPage>
      );
    case FailureReason.NOT_FOUND_ERROR:
      return (
        <StatusPage
          icon={<IconMapSearch size={iconSize} />}
          title="We can't find the resources you're looking for"
          actions={
            <Button component={Link} to="/">
              Go to the homepage
            </Button>
          }
        >
          They may have been moved or removed, or the link you followed may be out of date.
        </StatusPage>
      );
    case FailureReason.PAYMENT_REQUIRED:
      // A class locked for unpaid fees (HTTP 402): what is locked and the way to pay, not an error.
      return (
        <StatusPage
          icon={<IconLock size={iconSize} />}
          title="This class is locked until its fees are paid"
          actions={
            <Button component={Link} to="/payment/">
              See what you owe and pay
            </Button>
          }
        >
          The school&apos;s payment due date has passed and this class&apos;s fees are not paid yet. Your work is kept:
          the class opens again as soon as the payment goes through.
        </StatusPage>
      );
    case FailureReason.NETWORK_ERROR:
      return (
        <StatusPage
          icon={<IconWifiOff size={iconSize} />}
          title="We can't reach Banksia"
          actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
        >
          There seems to be a problem with your internet connection. Check that you are online, then try again.
        </StatusPage>
      );
    default:
      return (
        <StatusPage
          icon={<IconAlertTriangle size={iconSize} />}
          title="Oh fiddlesticks! Something has gone horribly wrong"
          actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
        >
          {isKnownReason(reason) ? 'Try again in a moment. If it keeps happening, let us know.' : reason}
        </StatusPage>
      );
  }
}

// A reason outside the catalogue is a message from the server meant for the user (HTTP 412, spec §8).
function isKnownReason(reason: string): boolean {
  return (Object.values(FailureReason) as string[]).includes(reason);
}

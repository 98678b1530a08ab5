import type { Me } from '@banksia/contracts/accounts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAt,
  IconBooks,
  IconCash,
  IconChartBar,
  IconDatabase,
  IconFileUpload,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconPuzzle,
  IconReceiptRefund,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSupportRequests } from '../../features/support/index';
import { urlFor } from '../../lib/named-routes';
import classes from './staff-home.module.css';

function AdminCard({
  to,
  icon,
  title,
  children,
  serverPage = false,
}: {
  to: string;
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  /** A page the server renders (not one of this app's routes): opened with a full page load. */
  serverPage?: boolean;
}) {
  return (
    <UnstyledButton component={Link} to={to} reloadDocument={serverPage} className={classes.cardLink}>
      <Card withBorder padding="lg" h="100%">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" component="h3" m={0}>
              {title}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {children}
            </Text>
          </div>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** The content staff's section of the home page: their admin tools. */
export function StaffHome({ me }: { me: Me }) {
  const contentAdmin = me.roles.includes('content_admin');
  const support = useSupportRequests({ enabled: contentAdmin });
  const open = support.data?.filter((r) => !r.resolved_at).length;
  const rosterAdmin = me.roles.includes('roster_admin');
  const paymentsAdmin = me.roles.includes('payments_admin');
  const year = new Date().getFullYear();

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-heading">
      <Title order={2} id="admin-heading">
        Admin
      </Title>
      {contentAdmin ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
          <AdminCard
            to={urlFor('content-admin')}
            icon={<IconLayoutDashboard size={24} />}
            title="Content administration"
          >
            Every admin tool by task, with the drafts and failures waiting for attention.
          </AdminCard>
          <AdminCard to={urlFor('content-admin-courses')} icon={<IconBooks size={24} />} title="Courses">
            Create a course or copy one for a new year; edit its topics, lessons and attachments, and publish.
          </AdminCard>
          <AdminCard to={urlFor('content-admin-activities')} icon={<IconPuzzle size={24} />} title="Activities">
            Make and change activities, preview them as students see them, and see where each is used.
          </AdminCard>
          <AdminCard to="/content/admin/users/edit/" icon={<IconUsers size={24} />} title="Users">
            Find users, change their roles, and activate or deactivate accounts.
          </AdminCard>
          <AdminCard
            to="/content/admin/support/"
            icon={<IconInbox size={24} />}
            title={
              <Group gap="xs" component="span">
                Support inbox
                {open !== undefined && open > 0 && (
                  <Badge color="red" variant="light" component="span">
                    {open} open
                  </Badge>
                )}
              </Group>
            }
          >
            Read messages sent with &lsquo;Contact support&rsquo; and mark them resolved.
          </AdminCard>
          <AdminCard to={urlFor('content-admin-outbox')} icon={<IconMail size={24} />} title="Email outbox">
            Read the emails Banksia has written (invitations, password resets) and whether they were sent.
          </AdminCard>
          <AdminCard to={urlFor('content-admin-jobs')} icon={<IconListCheck size={24} />} title="Background jobs">
            See the job queues, and retry jobs that failed after their last attempt.
          </AdminCard>
          <AdminCard
            to={urlFor('content-admin-email-domain-report')}
            icon={<IconAt size={24} />}
            title="Profiles without a school email"
          >
            Find students and teachers whose email is missing or not at their school&apos;s domain; set the domains.
          </AdminCard>
          <AdminCard to={urlFor('sales-lead-report')} icon={<IconChartBar size={24} />} title="Teacher trial leads">
            Teacher trials by school: how much each was used, and which became paying classes.
          </AdminCard>
          <AdminCard to="/secret/" serverPage icon={<IconDatabase size={24} />} title="Secret admin">
            Find exams, classes, lessons, branches and activities, fix their titles and flags, and read their history.
          </AdminCard>
        </SimpleGrid>
      ) : null}
      {rosterAdmin || paymentsAdmin ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
          {rosterAdmin && (
            <>
              <AdminCard to={urlFor('enrolinator')} icon={<IconUsersGroup size={24} />} title="Roster reconciliation">
                Review a school&apos;s roster upload (classes, teachers, students, roles), then apply or roll it back.
              </AdminCard>
              <AdminCard
                to={urlFor('school-uploader')}
                icon={<IconFileUpload size={24} />}
                title="School roster uploaders"
              >
                Upload a timetabling export (Edval, the Banksia template…) for a school and year.
              </AdminCard>
            </>
          )}
          {paymentsAdmin && (
            <>
              <AdminCard
                to={urlFor('content-admin-product-editor', { calendarYear: year })}
                icon={<IconCash size={24} />}
                title="Class prices and due dates"
              >
                Each school&apos;s price per class feature set, the due date, and whether unpaid classes lock.
              </AdminCard>
              <AdminCard
                to={urlFor('content-admin-students-owing', { calendarYear: year })}
                icon={<IconChartBar size={24} />}
                title="Students owing"
              >
                Students with unpaid class fees, per school and class, and who is locked.
              </AdminCard>
              <AdminCard
                to={urlFor('content-admin-refund-processes', { calendarYear: year })}
                icon={<IconReceiptRefund size={24} />}
                title="Refunds owed and refund runs"
              >
                Money owed back to students, paid out in runs a second person approves.
              </AdminCard>
            </>
          )}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

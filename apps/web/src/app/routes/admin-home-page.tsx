import type { AdminOverview } from '@banksia/contracts/authoring-courses';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBooks,
  IconChartBar,
  IconClipboardList,
  IconInbox,
  IconMail,
  IconMovie,
  IconPencil,
  IconPlus,
  IconPuzzle,
  IconServer,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formErrorOf } from '../../components/field-errors';
import { LoadingState } from '../../components/loading-state';
import { urlFor } from '../../lib/named-routes';
import { useAdminOverview } from '../../features/courses/authoring/index';

interface Tool {
  label: string;
  to: string;
  description: string;
  /** What needs attention here, from the overview. */
  count?: (o: AdminOverview) => ({ n: number; label: string } | null)[];
  /** A page rendered by the server, outside the web app: opened with a full page load. */
  serverPage?: boolean;
}

interface Task {
  title: string;
  icon: ReactNode;
  tools: Tool[];
}

const tasks: Task[] = [
  {
    title: 'Make a course',
    icon: <IconPlus size={20} aria-hidden />,
    tools: [
      {
        label: 'Create a course',
        to: urlFor('content-admin-course-create'),
        description: 'Start a new course, empty or as a copy of an existing course for a new year.',
      },
    ],
  },
  {
    title: 'Edit courses and lessons',
    icon: <IconBooks size={20} aria-hidden />,
    tools: [
      {
        label: 'Courses',
        to: urlFor('content-admin-courses'),
        description:
          "Find a course to edit its details, topics, lessons and attachments. Lessons open from their course's tree.",
        count: (o) => [
          o.draft_courses ? { n: o.draft_courses, label: 'draft courses' } : null,
          o.unpublished_lessons ? { n: o.unpublished_lessons, label: 'unpublished lessons' } : null,
        ],
      },
      {
        label: 'Draft courses',
        to: `${urlFor('content-admin-courses')}?published=no`,
        description: 'Courses students cannot see yet: publish one from its editor when it is ready.',
      },
    ],
  },
  {
    title: 'Videos and captions',
    icon: <IconMovie size={20} aria-hidden />,
    tools: [
      {
        label: 'Videos',
        to: urlFor('content-admin-videos'),
        description: 'Upload, replace and delete lesson videos; see where each is used and its captions.',
      },
      {
        label: 'Captions',
        to: urlFor('content-admin-captions'),
        description: "Each course's videos by caption state: upload, write and request captions.",
      },
      {
        label: 'Review captions',
        to: urlFor('content-admin-caption-review'),
        description: 'Approve or send back captions someone else wrote. Students see only approved captions.',
        count: (o) => [
          o.captions_in_review
            ? {
                n: o.captions_in_review,
                label: o.captions_in_review === 1 ? 'caption to review' : 'captions to review',
              }
            : null,
        ],
      },
    ],
  },
  {
    title: 'Exams, question sets and activities',
    icon: <IconClipboardList size={20} aria-hidden />,
    tools: [
      {
        label: 'Exams and question sets',
        to: urlFor('content-admin-exams'),
        description: 'Write exams and question sets with their sections, questions and worked solutions.',
        count: (o) => [o.unpublished_exams ? { n: o.unpublished_exams, label: 'unpublished exams' } : null],
      },
      {
        label: 'Activities',
        to: urlFor('content-admin-activities'),
        description: 'Interactive activities placed in lessons: cloze, drawing, drag and drop, uploads.',
      },
    ],
  },
  {
    title: 'People and support',
    icon: <IconUsers size={20} aria-hidden />,
    tools: [
      {
        label: 'Users',
        to: '/content/admin/users/edit/',
        description: 'Find a user to change their roles, resend an invitation, or deactivate them.',
      },
      {
        label: 'Support inbox',
        to: '/content/admin/support/',
        description: 'Messages sent from the "Contact support" dialog.',
        count: (o) => [o.pending_support_requests ? { n: o.pending_support_requests, label: 'open requests' } : null],
      },
    ],
  },
  {
    title: 'Trials and onboarding',
    icon: <IconUserPlus size={20} aria-hidden />,
    tools: [
      {
        label: 'Set up a teacher trial',
        to: urlFor('content-admin-setup-teacher-trial'),
        description: 'A trial class on a course for a new or existing teacher, open until a date.',
      },
      {
        label: 'Student trial classes',
        to: urlFor('content-admin-anon-trial-classes'),
        description: 'Trial classes for students with anonymous accounts; extend or convert them.',
      },
      {
        label: 'Anonymous trial accounts',
        to: urlFor('content-admin-anon-trial-accounts'),
        description: 'Make sign-in accounts for a student trial class and print them as cards.',
      },
      {
        label: 'Welcome emails',
        to: urlFor('content-admin-welcome-emails'),
        description: 'The series of emails new teachers and students get, with a log of what was sent.',
      },
    ],
  },
  {
    title: 'Reports',
    icon: <IconChartBar size={20} aria-hidden />,
    tools: [
      {
        label: 'Profiles without a school email',
        to: urlFor('content-admin-email-domain-report'),
        description: "Students and teachers whose email is missing or not at their school's domains; set the domains.",
      },
      {
        label: 'Teacher trial leads',
        to: urlFor('sales-lead-report'),
        description: 'Teacher trials by school, how much each was used, and which became paying classes.',
      },
    ],
  },
  {
    title: 'Payments',
    icon: <IconChartBar size={20} aria-hidden />,
    tools: [
      {
        label: 'Class prices and due dates',
        to: urlFor('content-admin-product-editor', { calendarYear: new Date().getFullYear() }),
        description:
          "Each school's price per class feature set for a year, the due date, and whether unpaid classes lock.",
      },
      {
        label: 'Students owing',
        to: urlFor('content-admin-students-owing', { calendarYear: new Date().getFullYear() }),
        description: 'Students with unpaid class fees, per school and class, and who is locked.',
      },
      {
        label: 'Refunds owed and refund runs',
        to: urlFor('content-admin-refund-processes', { calendarYear: new Date().getFullYear() }),
        description: 'Money owed back to students, paid out in runs a second person approves.',
      },
    ],
  },
  {
    title: 'Rosters',
    icon: <IconUsersGroup size={20} aria-hidden />,
    tools: [
      {
        label: 'Roster reconciliation',
        to: urlFor('enrolinator'),
        description: "Schools' roster uploads: review classes, teachers, students and roles, apply, or roll back.",
      },
      {
        label: 'School roster uploaders',
        to: urlFor('school-uploader'),
        description: 'Upload a timetabling export (Edval, the Banksia template…) for a school and year.',
      },
    ],
  },
  {
    title: 'Platform',
    icon: <IconServer size={20} aria-hidden />,
    tools: [
      {
        label: 'Background jobs',
        to: urlFor('content-admin-jobs'),
        description: 'Queues of work done outside requests, and jobs that failed for good.',
        count: (o) => [o.failed_jobs ? { n: o.failed_jobs, label: 'failed jobs' } : null],
      },
      {
        label: 'Email outbox',
        to: urlFor('content-admin-outbox'),
        description: 'Every email the platform has queued, sent or failed to send.',
      },
      {
        label: 'Secret admin',
        to: '/secret/',
        serverPage: true,
        description: 'Exams, classes, lessons, branches and activities: fix titles and flags, read their history.',
      },
      {
        label: 'Printable roster datasets',
        to: '/enrolinator/datasets/',
        serverPage: true,
        description: "A year's roster uploads and each one's four steps on plain pages, for printing.",
      },
    ],
  },
];

const toolIcons: Record<string, ReactNode> = {
  'Create a course': <IconPlus size={16} aria-hidden />,
  Courses: <IconPencil size={16} aria-hidden />,
  Activities: <IconPuzzle size={16} aria-hidden />,
  'Support inbox': <IconInbox size={16} aria-hidden />,
  'Email outbox': <IconMail size={16} aria-hidden />,
};

/** /content/admin/: the staff home, every admin tool by task, with what needs attention. */
export function AdminHomeRoute() {
  useDocumentTitle('Content administration · Banksia');
  const overview = useAdminOverview();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Content administration</Title>
        <Text c="dimmed" mt={4}>
          Everything content staff look after, grouped by task. Numbers show what is waiting for attention.
        </Text>
      </div>
      {overview.isError && (
        <Alert color="red" title="The counts could not be loaded">
          {formErrorOf(overview.error)} The tools below still work.
        </Alert>
      )}
      {overview.isPending && <LoadingState label="Counting what needs attention" py="xs" />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {tasks.map((task) => (
          <Card key={task.title} withBorder padding="lg" component="section" aria-labelledby={slug(task.title)}>
            <Group gap="xs" mb="sm">
              {task.icon}
              <Title order={2} size="h4" id={slug(task.title)}>
                {task.title}
              </Title>
            </Group>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {task.tools.map((tool) => {
                const attention = (overview.data && tool.count?.(overview.data)) || [];
                return (
                  <li key={tool.label}>
                    <Group gap="xs" wrap="nowrap">
                      {toolIcons[tool.label]}
                      {tool.serverPage ? (
                        <Anchor href={tool.to} fw={600}>
                          {tool.label}
                        </Anchor>
                      ) : (
                        <Anchor component={Link} to={tool.to} fw={600}>
                          {tool.label}
                        </Anchor>
                      )}
                      {attention.map(
                        (a) =>
                          a && (
                            <Badge key={a.label} color="orange" variant="light">
                              {a.n} {a.label}
                            </Badge>
                          ),
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {tool.description}
                    </Text>
                  </li>
                );
              })}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function slug(text: string): string {
  return `task-${text.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

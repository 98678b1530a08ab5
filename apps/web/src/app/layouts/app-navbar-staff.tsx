import {
  IconFileText,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconPencil,
  IconPuzzle,
  IconTableImport,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { urlFor } from '../../lib/named-routes';
import { Item, NavSection } from './app-navbar-items';

// The navbar's sections for teachers (their school) and content staff (admin): loaded only for people who see them,
// so a student's first page does not carry their links and icons.

const icon = (Icon: typeof IconPencil) => <Icon size={18} aria-hidden />;

/** "School": each school's dashboard, class management and the class list uploader. */
export function SchoolNavSection({ schools: schoolSlugs }: { schools: [slug: string, name: string][] }) {
  return (
    <NavSection title="School">
      {schoolSlugs.map(([slug, name]) => (
        <Item
          key={slug}
          to={urlFor('school', { schoolSlug: slug })}
          label="School dashboard"
          description={schoolSlugs.length > 1 ? name : undefined}
          icon={icon(IconLayoutDashboard)}
        />
      ))}
      <Item to={urlFor('class-management')} label="Class management" icon={icon(IconUserCog)} />
      <Item to={urlFor('class-list-uploader')} label="Upload a class list" icon={icon(IconTableImport)} />
    </NavSection>
  );
}

/** "Admin": content administration and the staff tools. */
export function AdminNavSection() {
  return (
    <NavSection title="Admin">
      <Item to={urlFor('content-admin')} label="Content administration" icon={icon(IconLayoutDashboard)} exact />
      <Item
        to={urlFor('content-admin-courses')}
        match="/content/admin/courses/"
        label="Courses to edit"
        icon={icon(IconPencil)}
      />
      <Item to={urlFor('content-admin-exams')} label="Exams and question sets" icon={icon(IconFileText)} />
      <Item to="/content/admin/users/edit/" label="Users" icon={icon(IconUsers)} />
      <Item to={urlFor('content-admin-activities')} label="Activities" icon={icon(IconPuzzle)} />
      <Item to="/content/admin/support/" label="Support inbox" icon={icon(IconInbox)} />
      <Item to={urlFor('content-admin-outbox')} label="Email outbox" icon={icon(IconMail)} />
      <Item to={urlFor('content-admin-jobs')} label="Background jobs" icon={icon(IconListCheck)} />
    </NavSection>
  );
}

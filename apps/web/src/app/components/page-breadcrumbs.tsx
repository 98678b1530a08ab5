import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for a step that is not a page of its own. */
  href?: string;
}

/** The way back up from a page: its ancestors, each a link. The page's own title is its heading. */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {items.map((item) =>
          item.href ? (
            <Anchor key={item.label} component={Link} to={item.href} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} size="sm" c="dimmed">
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

/**
 * A count on a menu entry's icon (menuGroups.ts MenuEntry.badge), e.g. the waiting deletion requests on 'Demandes de
 * suppression' (docs/decisions/deletion-requests.md): the total of the resource's list under the filter (one row asked,
 * the total read), refreshed with the lists' queries (react-admin's refresh after a change) and every minute; no
 * badge when the count is 0 or the read fails. The menu draws it on the entry's icon, and on its group's icon while the
 * group is closed, so a long label's ellipsis never hides it. It is left out of the entry's accessible name (the label
 * stays the entry's name) and told by its tooltip.
 */
import type { ReactNode } from 'react';
import { Badge } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

/** What a menu entry counts: the react-admin resource, the list filter and the label of the tooltip (smart_count). */
export interface MenuCount {
  resource: string;
  filter: Record<string, unknown>;
  label: string;
}

/** How often the count is read again, in milliseconds. */
const REFRESH_MS = 60_000;

/** The largest count written; above it, '99+'. */
const MAX_SHOWN = 99;

/** Takes the MenuCount of the entry and the icon it sits on. */
export const MenuCountBadge = ({ count, children }: { count: MenuCount; children: ReactNode }) => {
  const translate = useTranslate();
  const { total } = useGetList(
    count.resource,
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' }, filter: count.filter },
    { refetchInterval: REFRESH_MS, retry: false },
  );
  if (!total) return <>{children}</>;
  return (
    <Badge
      color="error"
      title={translate(count.label, { smart_count: total })}
      badgeContent={
        <span aria-hidden data-testid={`menu-count-${count.resource}`}>
          {total > MAX_SHOWN ? `${MAX_SHOWN}+` : total}
        </span>
      }
    >
      {children}
    </Badge>
  );
};

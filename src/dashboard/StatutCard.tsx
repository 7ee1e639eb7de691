/**
 * A status card of the dashboard (spec 000 §2 'Statut des Colis', 'Statut des Départs'): one line per status with its
 * count; a click opens the list filtered on that status when the user holds the list's key. Each line is an <li> (a link
 * line's button inside it), and the count's text is its colour darkened so that it reads at 4.5:1 on the chip's tint
 * (WCAG AA, docs/decisions/accessibility.md).
 */
import { Box, Chip, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { darken } from '@mui/material/styles';
import { LinkBase, useTranslate } from 'react-admin';
import { formatCount } from './dashboardView';

/** How much a status colour is darkened for the count's text: 0.35 brings the lightest (orange #ef6c00) to 5.6:1 on its tint. */
const COUNT_DARKEN = 0.35;

/** One status line. */
export interface StatutRow {
  code: string;
  /** Translation key of the label. */
  label: string;
  value: number;
  color: string;
  /** The filtered list; undefined: not a link. */
  to?: string;
}

/** Takes the lines and a test id prefix (`{testId}-{code}`); renders the list of statuses. */
export const StatutLines = ({ rows, testId }: { rows: StatutRow[]; testId: string }) => {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {rows.map((row) => {
        const text = (
          <>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: row.color, mr: 1.5, flexShrink: 0 }} />
            <ListItemText primary={translate(row.label)} />
            <Chip
              label={formatCount(row.value)}
              size="small"
              data-testid={`${testId}-${row.code}-value`}
              sx={{ fontWeight: 700, bgcolor: `${row.color}1f`, color: darken(row.color, COUNT_DARKEN), minWidth: 48 }}
            />
          </>
        );
        return row.to ? (
          <ListItem key={row.code} disablePadding>
            <ListItemButton component={LinkBase} to={row.to} data-testid={`${testId}-${row.code}`} sx={{ borderRadius: 1 }}>
              {text}
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={row.code} data-testid={`${testId}-${row.code}`}>
            {text}
          </ListItem>
        );
      })}
    </List>
  );
};

/**
 * Pagination of every list with the spec's French table labels (spec 001 §2, 000 §9): 'Afficher N entrées',
 * 'Affichage de X à Y sur un total de Z entrées', buttons Premier / Précédent / pages / Suivant / Dernier.
 * react-admin's <Pagination> with our own page buttons; its row wraps on a narrow screen.
 */
import { PaginationItem } from '@mui/material';
import { Pagination, PaginationActions, useListContext, useTranslate, type PaginationActionsProps } from 'react-admin';

/** Page sizes offered; 10 is the default page size (DataTables' default, spec: "page size is the default"). */
const PAGE_SIZES = [10, 25, 50, 100];

const FirstLabel = () => <span>{useTranslate()('app.list.first')}</span>;
const LastLabel = () => <span>{useTranslate()('app.list.last')}</span>;
const PreviousLabel = () => <span>{useTranslate()('app.list.previous')}</span>;
const NextLabel = () => <span>{useTranslate()('app.list.next')}</span>;

/** Page buttons with text labels Premier, Précédent, Suivant, Dernier around the page numbers. */
const SpecPaginationActions = (props: PaginationActionsProps) => (
  <PaginationActions
    {...props}
    showFirstButton
    showLastButton
    renderItem={(item) => (
      <PaginationItem {...item} slots={{ first: FirstLabel, last: LastLabel, previous: PreviousLabel, next: NextLabel }} />
    )}
  />
);

/**
 * The list pagination of the back-office (takes no props; reads the list context). Hidden while the read has failed:
 * its counts would be those of no answer, beside ListLoadError's message.
 */
export const ListPagination = () => {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return null;
  return (
    <Pagination
      // On a phone the summary and the page buttons wrap instead of scrolling sideways: a scrolling region must take
      // the keyboard focus (axe 'scrollable-region-focusable', docs/decisions/accessibility.md).
      sx={{ overflow: 'visible', '& .MuiToolbar-root': { flexWrap: 'wrap', rowGap: 0.5 } }}
      actions={SpecPaginationActions}
      rowsPerPageOptions={PAGE_SIZES.map((value) => ({ value, label: translate('app.list.rows_option', { count: value }) }))}
    />
  );
};

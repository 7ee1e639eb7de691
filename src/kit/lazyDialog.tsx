/**
 * A dialog whose code downloads when it first opens (docs/decisions/screen-bundles.md "Loaded where used"): the row
 * actions of a list mount their dialog only while it is open, so the forms inside (react-admin's Form, the route's
 * zod schema, the amount inputs) stay out of the list's download. While the code comes, a spinner over the page says
 * the click was taken.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'react-admin';

/** The spinner shown while a dialog's code downloads. */
const DialogLoading = () => {
  const translate = useTranslate();
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress color="inherit" aria-label={translate('app.common.loading')} />
    </Backdrop>
  );
};

/**
 * @param load imports the dialog's module and returns the component (`() => import('./X').then((m) => m.X)`)
 * @returns a component taking the dialog's props, to mount while the dialog is open
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  const LazyDialog = (props: P) => (
    <Suspense fallback={<DialogLoading />}>
      <Dialog {...props} />
    </Suspense>
  );
  return LazyDialog;
}

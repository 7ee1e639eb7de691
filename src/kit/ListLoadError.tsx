/**
 * What every list shows in place of its table when its read fails (spec 000 §8 "a load failure shows 'erreur' with the
 * server message"; docs/decisions/list-load-error.md): the failure Alert with the server message and a 'Réessayer'
 * button that reads the page again, so a failed read is never taken for an empty list ('Aucune donnée disponible').
 * Given to react-admin's <List error={…}> (ReferenceListPage and the lists built on <List> directly).
 */
import { useListContext } from 'react-admin';
import { LoadErrorAlert } from './QueryStatus';

/** Reads the list context (its error and refetch); takes no props. */
export const ListLoadError = () => {
  const { error, refetch } = useListContext();
  return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;
};

/**
 * The set-up shared by the row buttons that ask Oui/Non before acting on the record in context (spec 001 §4: the
 * active toggle and the deletion): the record and its resource, the access check of the action, the open state of the
 * confirmation, the record's name for its text, and the cancel handler ('Opération annulée').
 */
import { useState } from 'react';
import {
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import { recordLabel } from './recordLabel';

/** How a confirmation names its row (e.g. "l'encaissement de 20,00 € du colis …"); undefined falls back to recordLabel. */
export type RecordNamer = (record: RaRecord, translate: TranslateFunction) => string | undefined;

/**
 * Takes the react-admin action checked for the resource ('active', 'delete'), the translation key of the cancel
 * notification and, optionally, how to name the record (default recordLabel); returns what the button and its
 * <Confirm> need.
 */
export function useRecordConfirm(action: string, cancelledMessage: string, recordName?: RecordNamer) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource, action });
  const name = (record && (recordName?.(record, translate) ?? recordLabel(record))) ?? translate('app.common.this_record');

  /** Closes the confirmation after 'Non' (or a click outside) and says the operation was cancelled. */
  const cancel = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    setOpen(false);
    notify(cancelledMessage, { type: 'info' });
  };

  return { record, resource, translate, notify, refresh, open, setOpen, canAccess, name, cancel };
}

/**
 * Add and edit screens of every reference resource (spec 001 §2 add/edit forms, §8 success and failure
 * texts): breadcrumb to the list, upper-case title, a SimpleForm of the given inputs, redirect to the list (or the
 * given `redirect`) after save, saved once however fast 'Enregistrer' is clicked (OneSaveAtATime). Success texts come
 * from `resources.<name>.notifications.created|updated`; a refusal with field errors is shown on the fields
 * themselves, any other refusal shows the resource's failure text followed by the server message.
 */
import { useMemo, type ReactElement, type ReactNode } from 'react';
import type { z } from 'zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNavigate,
  useNotify,
  useRedirect,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type RedirectionSideEffect,
} from 'react-admin';
import { PageHeader } from './PageHeader';
import { hasFieldErrors, serverMessage } from './recordLabel';
import { NOT_FOUND_PATH } from '../routes/legacyRoutes';
import { formResolver } from './formResolver';
import { OneSaveAtATime } from './OneSaveAtATime';

export { NOT_FOUND_PATH };

/** Props shared by ReferenceCreatePage and ReferenceEditPage. */
interface ReferenceFormPageProps {
  /** Translation key of the page title (e.g. 'resources.pays.page.create'). */
  title: string;
  /** Translation key of the failure text when the server gives no field errors. */
  errorMessage?: string;
  /** The inputs of the form. */
  children: ReactNode;
  /** Optional transform of the form data before it is sent. */
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Optional form toolbar replacing the default 'Enregistrer' only toolbar (e.g. a save button with its own enabling rule). */
  toolbar?: ReactElement;
  /**
   * Where to go after a successful save (react-admin's redirect; default the list): e.g. a function of the saved
   * record, as a nature goes back to its group's details page (spec 001 §2 Add nature, Edit nature).
   */
  redirect?: RedirectionSideEffect;
  /**
   * The zod schema of the form (common/schemas/: the one the server's route validates with), checked on submit with the
   * values left as typed (src/kit/formResolver.ts). Inputs then carry no `validate`.
   */
  schema?: z.ZodType;
  /**
   * A react-hook-form resolver of the form, when a schema alone cannot say it (e.g. it depends on today or on the saved
   * record, as the departure's dates: src/departs/DepartInputs.tsx departFormResolver). Takes precedence over `schema`.
   */
  resolver?: Resolver<FieldValues>;
}

/** The form's resolver of a page's schema, made once per schema. */
function useSchemaResolver(schema: z.ZodType | undefined) {
  return useMemo(() => (schema ? formResolver(schema) : undefined), [schema]);
}

/** Props of ReferenceCreatePage: those of both pages, plus the initial values of the form. */
export interface ReferenceCreatePageProps extends ReferenceFormPageProps {
  /** Initial values of the add form (e.g. the group of a nature added from its group, spec 001 §2 /addNatureColis?groupeId=). */
  record?: Partial<RaRecord>;
  /**
   * A success text depending on the saved record (e.g. '{Entrée|Sortie} ajouté avec succès !', spec 001 §8) instead of
   * `resources.<name>.notifications.created`; the page still goes to `redirect` after it.
   */
  successMessage?: (record: RaRecord) => string;
}

/** Props of ReferenceEditPage: those of the add page, plus a change of the loaded record before the form sees it. */
export interface ReferenceEditPageProps extends ReferenceFormPageProps {
  /** Maps the record loaded with getOne before the form reads it (e.g. populated references → ids for ReferenceInput). */
  prepareRecord?: (record: RaRecord) => RaRecord;
  /**
   * Text (translation key) of a load that failed for another reason than a missing record, followed by the server's
   * message (e.g. spec 001 §8 'Erreur lors de la récupération des données du départ'); default the server's message alone.
   */
  loadErrorMessage?: string;
}

/** Returns the onError handler of a save: silent when the form shows field errors, else a notification. */
function useSaveErrorHandler(fallback: string) {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) => {
    if (hasFieldErrors(error)) return;
    const server = serverMessage(error);
    const base = translate(fallback);
    // A text that already ends with ':' (e.g. "Erreur lors de l'enregistrement de l'envoi :") takes the message after a space.
    const joined = /:\s*$/.test(base) ? `${base.trimEnd()} ${server}` : `${base} : ${server}`;
    notify(server && server !== base ? joined : base, { type: 'error' });
  };
}

/**
 * Returns the onError handler of the record load of an edit page: a 404 (or 400 malformed id) goes to the not-found page (spec 000 §8
 * "HTTP 404 from server goes to the not-found page"); other failures notify and go back to the list.
 */
function useLoadErrorHandler(loadErrorMessage?: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const resource = useResourceContext();
  return (error: unknown) => {
    const status = (error as { status?: number })?.status;
    // 404: no such record; 400: a malformed id, which cannot name a record either.
    if (status === 404 || status === 400) {
      navigate(NOT_FOUND_PATH, { replace: true });
      return;
    }
    const server = serverMessage(error);
    if (loadErrorMessage) notify(server ? `${translate(loadErrorMessage)} : ${server}` : loadErrorMessage, { type: 'error' });
    else notify(server ?? 'ra.notification.http_error', { type: 'error' });
    navigate(`/${resource}`, { replace: true });
  };
}

/** Form toolbar: only 'Enregistrer' (deletion lives in the list, behind its confirmation). */
const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Breadcrumb steps of a form page: the list, then the page itself. */
function useFormSteps(title: string) {
  const resource = useResourceContext();
  return [{ label: `resources.${resource}.page.list`, to: `/${resource}` }, { label: title }];
}

/** Add screen of the resource in context; redirects to the list (or `redirect`) after a successful save. */
export const ReferenceCreatePage = ({
  title,
  errorMessage = 'app.form.create_failure',
  children,
  transform,
  toolbar,
  redirect = 'list',
  record,
  successMessage,
  schema,
  resolver,
}: ReferenceCreatePageProps) => {
  const schemaResolver = useSchemaResolver(schema);
  const onError = useSaveErrorHandler(errorMessage);
  const steps = useFormSteps(title);
  const translate = useTranslate();
  const notify = useNotify();
  const redirectTo = useRedirect();
  const resource = useResourceContext();
  const onSuccess = successMessage
    ? (saved: RaRecord) => {
        notify(successMessage(saved), { type: 'info' });
        redirectTo(redirect, resource, saved.id, saved);
      }
    : undefined;
  return (
    <>
      <PageHeader title={title} steps={steps} />
      <Create
        title={translate(title)}
        redirect={redirect}
        record={record}
        mutationOptions={onSuccess ? { onError, onSuccess } : { onError }}
        transform={transform}
      >
        <OneSaveAtATime>
          <SimpleForm toolbar={toolbar ?? <SaveOnlyToolbar />} resolver={resolver ?? schemaResolver} noValidate>
            {children}
          </SimpleForm>
        </OneSaveAtATime>
      </Create>
    </>
  );
};

/**
 * When the edited record is loaded again (react-admin first shows the row the list had, then the record getOne
 * answers), the form takes the new values but keeps what the user already changed: without it, a field emptied or
 * typed in during that refetch went back to the loaded value. A constant: react-admin resets on every new object.
 */
const KEEP_USER_EDITS = { keepDirtyValues: true } as const;

/**
 * Edit screen of the resource in context (pessimistic save so field errors can come back); redirects to the list.
 * A record the server does not find (404) leads to the not-found page.
 */
export const ReferenceEditPage = ({
  title,
  errorMessage = 'app.form.update_failure',
  children,
  transform,
  toolbar,
  prepareRecord,
  redirect = 'list',
  schema,
  resolver,
  loadErrorMessage,
}: ReferenceEditPageProps) => {
  const schemaResolver = useSchemaResolver(schema);
  const onError = useSaveErrorHandler(errorMessage);
  const onLoadError = useLoadErrorHandler(loadErrorMessage);
  const steps = useFormSteps(title);
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={title} steps={steps} />
      <Edit
        title={translate(title)}
        redirect={redirect}
        mutationMode="pessimistic"
        mutationOptions={{ onError }}
        queryOptions={{ onError: onLoadError, ...(prepareRecord ? { select: prepareRecord } : {}) }}
        transform={transform}
      >
        <OneSaveAtATime>
          <SimpleForm
            toolbar={toolbar ?? <SaveOnlyToolbar />}
            resetOptions={KEEP_USER_EDITS}
            resolver={resolver ?? schemaResolver}
            noValidate
          >
            {children}
          </SimpleForm>
        </OneSaveAtATime>
      </Edit>
    </>
  );
};

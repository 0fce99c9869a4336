import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '../../../contract/users';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { showServerErrors } from '../../lib/form';
import { myDataUrl, useEraseMyAccount } from './api';
import './auth-pages.css';

/**
 * "Delete my account" (decisions §15, decision 0166): what goes and what stays, said before;
 * the person types their login, and the button acts only then. Loaded when opened: the account
 * menu sits on every page, the form's code does not need to.
 */
export default function EraseAccountDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useLingui();
  const erase = useEraseMyAccount();
  const { register, handleSubmit, control, setError, formState } = useForm<{ confirm: string }>({
    defaultValues: { confirm: '' },
  });
  const login = user.intra_login;
  const typed = useWatch({ control, name: 'confirm' }).trim() === login;
  const onSubmit = handleSubmit(({ confirm }) =>
    erase.mutate(confirm, { onError: (error) => showServerErrors(error, setError) }),
  );

  return (
    <Modal title={t`Delete your account?`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="stack">
        <ErrorBanner error={erase.error} fallback={t`Failed to delete the account`} />
        <p>
          <Trans>
            Your name, email, picture and everything you wrote (your motivation, your links, your exercises) are
            deleted, and you are signed out. The club keeps its decisions, XP and teams, under “deleted user”. Signing
            in again with 42 starts a new account. This cannot be undone.
          </Trans>
        </p>
        <p>
          <Trans>
            To keep a copy, <a href={myDataUrl()}>download your data</a> first.
          </Trans>
        </p>
        <Field
          id="erase-confirm"
          label={
            <Trans>
              Type your login to confirm: <bdi className="login-to-type">{login}</bdi>
            </Trans>
          }
          error={formState.errors.confirm?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register('confirm')}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-danger" disabled={!typed || erase.isPending}>
            <Trans>Delete my account</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}

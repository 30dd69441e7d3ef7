import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCanSendBuddyRequest, useSendBuddyRequest } from '../../api/areas/buddy';
import { useUser } from '../../api/areas/people';
import { isApiError } from '../../api/errors';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field, fieldStyles } from '../../ui/Field';
import { Avatar } from '../../ui/member/Avatar';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { CONFIRMATION_REQUIRED, SOURCE_CONFIRM } from './addFriend';
import styles from './Buddies.module.css';
import './texts';

/**
 * `/html/buddies-show.jsp?action=add&u={uid}&pageerrormsg={message}`: the
 * receiver wants to know who asks; the sender gives the receiver's phone (the proof: nobody is shown
 * it, docs/security.md) and sends again.
 */
function AddFriendPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const uid = Number(params.get('u'));
  const valid = (params.get('action') ?? 'add') === 'add' && Number.isInteger(uid) && uid > 0;
  const serverMessage = params.get('pageerrormsg')?.trim() ?? '';
  const target = useUser(valid ? uid : 0, { enabled: valid });
  const name = target.data?.name ?? '';
  const send = useSendBuddyRequest();
  // Asked first, so a request that cannot go (already friends, one pending) says why at once.
  const can = useCanSendBuddyRequest(valid ? uid : 0);
  const refusal = can.isError && !isApiError(can.error, CONFIRMATION_REQUIRED) ? errorText(can.error) : '';
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = useId();
  const title = name ? t('addFriend.title', { name }) : t('addFriend.titleUnknown');
  usePageTitle(title);

  if (valid && refusal) {
    return (
      <div className={pageStyles.page}>
        <div className={pageStyles.card}>
          <h1>{title}</h1>
          <p role="alert" data-testid="add-friend-refused">
            {refusal}
          </p>
          <Link to={PATHS.profile(uid)}>{t('addFriend.back')}</Link>
        </div>
      </div>
    );
  }

  if (!valid) {
    return (
      <div className={pageStyles.page}>
        <div className={pageStyles.card}>
          <h1>{t('addFriend.titleUnknown')}</h1>
          <p role="alert">{t('addFriend.missing')}</p>
          <Link to={PATHS.search}>{t('buddies.findPeople')}</Link>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) {
      setMissing(true);
      document.getElementById(`${ids}-phone`)?.focus();
      return;
    }
    setMissing(false);
    send.mutate(
      {
        receivingUserId: uid,
        phone: phone.trim(),
        message: message.trim() || undefined,
        source: SOURCE_CONFIRM,
      },
      {
        onSuccess: () => {
          toast.success(t('addFriend.success'));
          navigate(PATHS.profile(uid), { replace: true });
        },
      },
    );
  };

  // The server may still ask for confirmation (say, the fields were blank): its text is the hint.
  const failure = send.isError
    ? isApiError(send.error, CONFIRMATION_REQUIRED)
      ? send.error.message || t('addFriend.needOne')
      : errorText(send.error)
    : '';
  const missingId = `${ids}-missing`;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.card}>
        <form className={styles.stack} onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
          <h1 id={`${ids}-title`}>{title}</h1>
          {target.data && (
            <div className={styles.target}>
              <Avatar user={target.data} size={56} lazy={false} />
              <p className={styles.name}>{name}</p>
            </div>
          )}
          {serverMessage && <p className={styles.notice}>{serverMessage}</p>}
          <p className={pageStyles.lead}>{t('addFriend.lead')}</p>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
          {missing && (
            <p id={missingId} role="alert" className={styles.error}>
              {t('addFriend.needOne')}
            </p>
          )}
          <Field
            id={`${ids}-phone`}
            label={t('addFriend.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? missingId : undefined}
            onChange={(event) => setPhone(event.target.value)}
          />
          <div className={fieldStyles.field}>
            <label htmlFor={`${ids}-message`} className={fieldStyles.label}>
              {t('addFriend.message')}
            </label>
            <textarea
              id={`${ids}-message`}
              className={styles.textarea}
              maxLength={500}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className={styles.buttons}>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('addFriend.sending') : t('addFriend.submit')}
            </Button>
            <Link to={PATHS.profile(uid)} className={buttonClass('ghost')}>
              {t('addFriend.back')}
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <AddFriendPage />
    </RequireLogin>
  );
}

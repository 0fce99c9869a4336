import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CheckIn } from '../../../contract/hackathon';
import { Avatar } from '../../components/avatar';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { useSession } from '../auth/api';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useCheckIn, useJudgingEvents, useUndoCheckIn } from './api';
import { createQrReader, scanGate } from './qr-reader';
import './judging.css';

/** How often the camera's frame is read, and how long a code must leave the frame to be read again. */
const SCAN_EVERY_MS = 250;
const SAME_CODE_QUIET_MS = 3000;

/**
 * The camera, reading QR codes until stopped: each code read once is handed to `onCode`. Camera
 * access cannot run in headless tests; the decoding glue is unit-tested (qr-reader.test.ts).
 */
function CameraScanner({ onCode, onError }: { onCode: (code: string) => void; onError: (message: string) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onError });
  useEffect(() => {
    handlers.current = { onCode, onError };
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let live = true;
    const gate = scanGate(SAME_CODE_QUIET_MS);
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const reader = await createQrReader();
        if (!live || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (!live || !video.current) return;
          const code = await reader.read(video.current).catch(() => null);
          if (code && gate(code, Date.now())) handlers.current.onCode(code);
          timer = window.setTimeout(tick, SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (live) handlers.current.onError(t`The camera could not start. Allow the camera, or type the code.`);
      }
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [t]);
  return <video ref={video} className="door-video" muted playsInline aria-label={t`Camera`} />;
}

/** Who was just checked in: photo, name, when, and the undo of a mistake. */
function CheckedInCard({ result, onUndo, undoing }: { result: CheckIn; onUndo: () => void; undoing: boolean }) {
  const person = result.registrant;
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ') || person.intra_login;
  const at = formatDateTime(result.checked_in_at);
  return (
    <div className="door-person card">
      <Avatar name={name} imageUrl={person.image_url} large />
      <div>
        <p className="door-name" dir="auto">
          {name}
        </p>
        <p className="muted">
          <bdi>@{person.intra_login}</bdi>
        </p>
        <p>
          <Trans>Checked in at {at}</Trans>
        </p>
      </div>
      <button type="button" className="btn btn-secondary door-button" disabled={undoing} onClick={onUndo}>
        <Trans>Undo this check-in</Trans>
      </button>
    </div>
  );
}

/**
 * The door of a hackathon event, for a phone (spec §14): a code typed or read by the camera checks
 * its registrant in; the count of people in the room; the undo of a mistake.
 */
export function CheckInPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const [params] = useSearchParams();
  const eventId = Number(params.get('event'));
  const events = useJudgingEvents();
  const checkIn = useCheckIn();
  const undo = useUndoCheckIn();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [last, setLast] = useState<CheckIn | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const event = events.data?.data.find((each) => each.id === eventId);

  const submit = (value: string) => {
    const typed = value.trim();
    if (!typed || !event) return;
    setFailure(null);
    setNotice(null);
    checkIn.mutate(
      { eventId: event.id, code: typed },
      {
        onSuccess: (result) => {
          setLast(result);
          setCode('');
        },
        onError: (error) => {
          setLast(null);
          setFailure(errorMessage(error, t`The check-in failed.`));
        },
        onSettled: () => input.current?.focus(),
      },
    );
  };
  const onSubmit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    submit(code);
  };
  const onUndo = () => {
    if (!last || !event) return;
    const login = last.registrant.intra_login;
    undo.mutate(
      { eventId: event.id, registrationId: last.registration_id },
      {
        onSuccess: () => {
          setLast(null);
          setNotice(t`Check-in of @${login} undone.`);
        },
        onError: (error) => setFailure(errorMessage(error, t`The undo failed.`)),
      },
    );
  };

  const back = user?.is_admin ? '/admin/hackathon' : '/judge';
  const eventName = event?.name ?? '';
  const checked = event?.checked_in_count ?? 0;
  const registered = event?.registrations_count ?? 0;
  return (
    <div className="wrap page door stack">
      <p>
        <Link to={back}>{user?.is_admin ? t`Back to the hackathon admin` : t`Back to judging`}</Link>
      </p>
      {events.isPending ? (
        <Spinner label={t`Loading the event`} />
      ) : events.error ? (
        <LoadError error={events.error} fallback={t`Failed to load the event`} onRetry={events.refetch} />
      ) : !event ? (
        <>
          <h1>
            <Trans>Check-in</Trans>
          </h1>
          <p className="alert" role="alert">
            <Trans>This event does not exist, or you are not one of its judges.</Trans>
          </p>
        </>
      ) : (
        <>
          <h1>
            <Trans>
              Check-in: <bdi>{eventName}</bdi>
            </Trans>
          </h1>
          <p className="door-count" role="status">
            <Trans>
              <strong>{checked}</strong> checked in / {registered} registered
            </Trans>
          </p>
          <form className="door-form stack" onSubmit={onSubmit}>
            <label htmlFor="door-code">
              <Trans>Check-in code</Trans>
            </label>
            <input
              id="door-code"
              ref={input}
              className="input door-input"
              dir="ltr"
              value={code}
              onChange={(change) => setCode(change.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={64}
              required
            />
            <button type="submit" className="btn door-button" disabled={checkIn.isPending || !code.trim()}>
              <Trans>Check in</Trans>
            </button>
          </form>
          <button
            type="button"
            className="btn btn-secondary door-button"
            aria-pressed={camera}
            onClick={() => setCamera(!camera)}
          >
            {camera ? t`Stop the camera` : t`Scan a QR code with the camera`}
          </button>
          {camera && (
            <CameraScanner
              onCode={submit}
              onError={(message) => {
                setCamera(false);
                setFailure(message);
              }}
            />
          )}
          {failure && (
            <p className="alert door-alert" role="alert">
              {failure}
            </p>
          )}
          <div role="status">{notice && <p className="door-notice">{notice}</p>}</div>
          {last && <CheckedInCard result={last} onUndo={onUndo} undoing={undo.isPending} />}
        </>
      )}
    </div>
  );
}

export default CheckInPage;

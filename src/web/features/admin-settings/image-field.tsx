import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { IMAGE_SENTENCES, MAX_IMAGE_BYTES, mediaImage, type ImageKind } from '../../../contract/image-urls';
import { errorMessage } from '../../lib/api-client';
import { useUploadImage } from './api';

/** The words of each kind, whole (docs/decisions/0122-uploaded-images.md). */
const TEXT: Record<
  ImageKind,
  {
    label: MessageDescriptor;
    upload: MessageDescriptor;
    replace: MessageDescriptor;
    remove: MessageDescriptor;
    current: MessageDescriptor;
    none: MessageDescriptor;
    hint: MessageDescriptor;
    done: MessageDescriptor;
  }
> = {
  board_photo: {
    label: msg`Photo`,
    upload: msg`Upload a photo`,
    replace: msg`Replace the photo`,
    remove: msg`Remove the photo`,
    current: msg`Current photo`,
    none: msg`No photo: the landing page shows the initials of the name.`,
    hint: msg`PNG, JPEG or WebP, up to 2 MB. Cut to a square; 192 × 192 pixels or more looks sharp.`,
    done: msg`Photo uploaded. Save the settings to show it on the landing page.`,
  },
  sponsor_logo: {
    label: msg`Logo`,
    upload: msg`Upload a logo`,
    replace: msg`Replace the logo`,
    remove: msg`Remove the logo`,
    current: msg`Current logo`,
    none: msg`No logo: the landing page shows the name.`,
    hint: msg`PNG, JPEG or WebP, up to 2 MB. Shown 48 pixels high; a transparent background looks best.`,
    done: msg`Logo uploaded. Save the settings to show it on the landing page.`,
  },
};

type Props = {
  /** The field's id (`setting-board_members-0-photo_url`): the hint, status and error hang on it. */
  id: string;
  kind: ImageKind;
  /** The row, for assistive technology: "Member 1", "Sponsor 2". */
  row: string;
  /** The address in the form: an uploaded image's, an external one, or ''. */
  value: string;
  /** The schema's or the server's message for this address. */
  error?: string;
  onChange(url: string): void;
  /** The address input, for a picture kept elsewhere: shown while no uploaded image is chosen. */
  children: ReactNode;
};

/**
 * A picture of the settings: upload a file (checked and resized by the server), see it, remove
 * it. The form holds only its address, so the unsaved-changes guard and the save bar see it as
 * any other field.
 */
export function ImageField({ id, kind, row, value, error, onChange, children }: Props) {
  const { t, i18n } = useLingui();
  const text = Object.fromEntries(
    Object.entries(TEXT[kind]).map(([key, descriptor]) => [key, i18n._(descriptor)]),
  ) as Record<keyof (typeof TEXT)[ImageKind], string>;
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const upload = useUploadImage();
  const [tooLarge, setTooLarge] = useState(false);
  const [uploadedNow, setUploadedNow] = useState(false);
  const image = mediaImage(value);
  const uploadError = tooLarge
    ? IMAGE_SENTENCES.tooLarge
    : upload.error
      ? errorMessage(upload.error, t`The image could not be uploaded. Please try again.`)
      : undefined;
  // With the address input hidden, the form's error for it shows here, where the first-error focus finds it.
  const fieldError = image ? error : undefined;
  const described = [`${id}-image-hint`, uploadError || fieldError ? `${id}-image-error` : '']
    .filter(Boolean)
    .join(' ');

  const { upload: uploadLabel, remove: removeLabel } = text;
  const action = upload.isPending ? t`Uploading...` : image ? text.replace : uploadLabel;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so that choosing the same file again (after a failure) is a change too.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    setUploadedNow(false);
    setTooLarge(file.size > MAX_IMAGE_BYTES);
    if (file.size > MAX_IMAGE_BYTES) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: (uploaded) => {
          onChange(uploaded.url);
          setUploadedNow(true);
        },
      },
    );
  };
  const remove = () => {
    onChange('');
    upload.reset();
    setTooLarge(false);
    setUploadedNow(false);
    // The Remove button goes with the image: focus moves to the one that uploads another.
    uploadButton.current?.focus();
  };

  return (
    <div className="field image-field" role="group" aria-labelledby={`${id}-image-label`}>
      <p className="image-field-label" id={`${id}-image-label`}>
        <span className="visually-hidden">{row} </span>
        {text.label}
      </p>
      {image && (
        <div className={`image-field-preview image-field-${kind}`}>
          <img src={image.src} srcSet={image.srcSet} width={image.width} height={image.height} alt={text.current} />
        </div>
      )}
      <div className="image-field-actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          tabIndex={-1}
          // Hidden (the button opens it), yet named: checkers read hidden inputs too.
          aria-label={t`${row}: ${uploadLabel}`}
          onChange={choose}
        />
        <button
          ref={uploadButton}
          type="button"
          className="btn btn-secondary btn-small"
          aria-describedby={described}
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <Trans>
            <span className="visually-hidden">{row}: </span>
            {action}
          </Trans>
        </button>
        {image && (
          <button type="button" className="btn btn-secondary btn-small" onClick={remove}>
            <Trans>
              <span className="visually-hidden">{row}: </span>
              {removeLabel}
            </Trans>
          </button>
        )}
      </div>
      <p className="hint" id={`${id}-image-hint`}>
        {image ? text.hint : `${text.none} ${text.hint}`}
      </p>
      <p className="hint" role="status">
        {uploadedNow && image ? text.done : ''}
      </p>
      {uploadError && (
        <p className="error-text" id={`${id}-image-error`} role="alert">
          {uploadError}
        </p>
      )}
      {!uploadError && fieldError && (
        <p className="error-text" id={`${id}-image-error`} tabIndex={-1} data-error-anchor>
          {fieldError}
        </p>
      )}
      {!image && children}
    </div>
  );
}

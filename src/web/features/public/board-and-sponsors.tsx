import { Trans } from '@lingui/react/macro';
import { mediaImage } from '../../../contract/image-urls';
import type { PublicSettings } from '../../../contract/settings';

type BoardMember = PublicSettings['board_members'][number];
type Sponsor = PublicSettings['sponsors'][number];

/** The shown size of a board photo and the height of a sponsor's logo, in CSS pixels (IMAGE_BOX of the contract). */
const PHOTO_SIZE = 96;
const LOGO_HEIGHT = 48;

/** "Amina El Alaoui" → "AE": the first letters of the first two words of a name. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * An image of the settings: an uploaded one at 1x and 2x with its own size; an external one
 * (typed in before uploads) at the size given. Below the fold, so lazily loaded.
 */
function SettingsImage({ url, alt, width, height }: { url: string; alt: string; width?: number; height: number }) {
  const image = mediaImage(url);
  if (!image) return <img src={url} alt={alt} width={width} height={height} loading="lazy" decoding="async" />;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A board member's picture: the photo; without one, the initials of the name; and while the
 * board has not named the person yet (the name is still the title, as out of the box), a
 * silhouette rather than the title's initials (docs/decisions/0122-uploaded-images.md).
 */
function BoardPicture({ member }: { member: BoardMember }) {
  // The name is written beside it: the picture adds nothing to read (alt="").
  if (member.photo_url) return <SettingsImage url={member.photo_url} alt="" width={PHOTO_SIZE} height={PHOTO_SIZE} />;
  if (member.name.trim().toLowerCase() === member.title.trim().toLowerCase()) {
    return (
      <span className="board-initials board-unnamed" aria-hidden="true">
        <svg viewBox="0 0 24 22" width="72" height="66">
          <circle cx="12" cy="8" r="5" fill="currentColor" />
          <path d="M2 22c0-5.5 4.5-8.5 10-8.5s10 3 10 8.5z" fill="currentColor" />
        </svg>
      </span>
    );
  }
  return (
    <span className="board-initials" aria-hidden="true">
      {initials(member.name)}
    </span>
  );
}

export function BoardSection({ members }: { members: BoardMember[] }) {
  return (
    <section className="wrap section" aria-labelledby="board-title">
      <h2 id="board-title">
        <Trans>The board</Trans>
      </h2>
      <p className="section-lead">
        <Trans>The students who run the club, review applications and judge the hackathon.</Trans>
      </p>
      <ul className="board">
        {members.map((member, index) => (
          // The board edits four fixed places: the place is the identity, names may repeat.
          <li key={index} className="board-member">
            <BoardPicture member={member} />
            <strong>
              <bdi>{member.name}</bdi>
            </strong>
            {member.title !== member.name && <bdi className="muted">{member.title}</bdi>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A sponsor's logo, or its name set as a wordmark: a monogram and the name, at a logo's height. */
function SponsorMark({ sponsor }: { sponsor: Sponsor }) {
  if (sponsor.logo_url) return <SettingsImage url={sponsor.logo_url} alt={sponsor.name} height={LOGO_HEIGHT} />;
  return (
    <span className="sponsor-wordmark">
      <span className="sponsor-monogram" aria-hidden="true">
        {initials(sponsor.name)}
      </span>
      <bdi>{sponsor.name}</bdi>
    </span>
  );
}

export function SponsorsSection({ sponsors }: { sponsors: Sponsor[] }) {
  if (sponsors.length === 0) return null;
  return (
    <section className="section section-tint" aria-labelledby="sponsors-title">
      <div className="wrap">
        <h2 id="sponsors-title">
          <Trans>Sponsors</Trans>
        </h2>
        <ul className="sponsors">
          {sponsors.map((sponsor, index) => (
            <li key={`${index}-${sponsor.name}`}>
              {sponsor.url ? (
                <a href={sponsor.url} target="_blank" rel="noopener noreferrer">
                  <SponsorMark sponsor={sponsor} />
                </a>
              ) : (
                <SponsorMark sponsor={sponsor} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

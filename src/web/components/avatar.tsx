type Props = { name: string; imageUrl?: string | null; large?: boolean };

/** The person's picture, or the initial of their name on the brand colour. */
export function Avatar({ name, imageUrl, large }: Props) {
  const className = large ? 'avatar avatar-large' : 'avatar';
  if (imageUrl) return <img className={className} src={imageUrl} alt="" width={64} height={64} loading="lazy" />;
  return (
    <span className={className} aria-hidden="true">
      {name.charAt(0).toUpperCase() || '?'}
    </span>
  );
}

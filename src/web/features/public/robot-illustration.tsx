/** The hero's robot, drawn inline: no request, no layout shift. */
export function RobotIllustration() {
  return (
    <svg className="hero-robot" viewBox="0 0 320 300" width="320" height="300" aria-hidden="true">
      <circle cx="160" cy="150" r="140" fill="#13203a" />
      <rect x="148" y="28" width="24" height="40" rx="12" fill="#f5b941" />
      <circle cx="160" cy="26" r="12" fill="#f5b941" />
      <rect x="70" y="66" width="180" height="130" rx="34" fill="#00a8ab" />
      <rect x="92" y="92" width="136" height="64" rx="24" fill="#0b1220" />
      <circle cx="130" cy="124" r="16" fill="#7ff3f5" />
      <circle cx="190" cy="124" r="16" fill="#7ff3f5" />
      <rect x="128" y="170" width="64" height="10" rx="5" fill="#0b1220" />
      <rect x="96" y="204" width="128" height="64" rx="18" fill="#0e7f82" />
      <circle cx="130" cy="236" r="10" fill="#f5b941" />
      <circle cx="160" cy="236" r="10" fill="#e8eef6" />
      <circle cx="190" cy="236" r="10" fill="#f5b941" />
      <rect x="40" y="206" width="48" height="18" rx="9" fill="#00a8ab" transform="rotate(-25 64 215)" />
      <rect x="232" y="206" width="48" height="18" rx="9" fill="#00a8ab" transform="rotate(25 256 215)" />
    </svg>
  );
}

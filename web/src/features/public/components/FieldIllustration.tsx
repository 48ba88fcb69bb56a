/**
 * Our own drawing (no licence to track): a morning field with rows of crops, a raspberry bush and a
 * crate. Flat shapes in the product's colours, a few hundred bytes, scales to any width.
 */
export function FieldIllustration() {
  return (
    <svg
      className="field-illustration"
      viewBox="0 0 320 120"
      preserveAspectRatio="xMidYMid slice"
      role="presentation"
      aria-hidden="true"
    >
      <rect width="320" height="120" fill="#e8f5e9" />
      <circle cx="262" cy="34" r="18" fill="#fde047" />
      <path d="M0 70 Q80 40 170 62 T320 56 V120 H0Z" fill="#86c28b" />
      <path d="M0 86 Q110 62 220 80 T320 76 V120 H0Z" fill="#3f8f4a" />
      <g stroke="#14532d" strokeWidth="3" strokeLinecap="round" fill="none">
        <path d="M20 120 L70 86 M70 120 L110 88 M120 120 L150 90 M170 120 L190 92 M220 120 L230 94" />
      </g>
      <g fill="#14532d">
        <ellipse cx="268" cy="92" rx="22" ry="14" />
        <ellipse cx="290" cy="98" rx="16" ry="11" />
      </g>
      <g fill="#be123c">
        <circle cx="262" cy="88" r="3" />
        <circle cx="274" cy="95" r="3" />
        <circle cx="288" cy="93" r="3" />
        <circle cx="296" cy="101" r="3" />
      </g>
      <rect x="206" y="98" width="34" height="16" rx="2" fill="#a16207" />
      <path d="M206 104 H240 M206 110 H240" stroke="#fde047" strokeWidth="1.5" />
      <g fill="#be123c">
        <circle cx="214" cy="97" r="3" />
        <circle cx="222" cy="96" r="3" />
        <circle cx="230" cy="97" r="3" />
      </g>
    </svg>
  );
}

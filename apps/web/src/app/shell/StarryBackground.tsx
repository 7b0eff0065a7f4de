/** The animated starry sky behind every page; pure CSS, still when the reader prefers reduced motion. */
export function StarryBackground() {
  return (
    <div className="stars" aria-hidden="true">
      <div className="stars__layer stars__layer--far" />
      <div className="stars__layer stars__layer--near" />
      <div className="stars__glow" />
    </div>
  );
}

/** What went wrong on a shipping page, announced to screen readers. */
export function ShippingError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="state-message state-message--error" role="alert">
      {message}
    </p>
  );
}

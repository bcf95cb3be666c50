/**
 * An email address that wraps after its "@" when its column is narrow ("bhavana.chowdary29@" / "example.com"),
 * rather than anywhere inside it ("…@exam" / "ple.com").
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={className}>
      {at === -1 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}

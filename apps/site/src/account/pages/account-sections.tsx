import type { Account } from "@ct/contract";
import { useState } from "react";
import type { AccountNotice } from "../frame";
import { DeleteSection, ExportSection, SignOutSection } from "./account-leave";
import { PasskeysSection } from "./account-passkeys";
import { EmailSection, PasswordSection, ProfileSection } from "./account-profile";
import { SessionsSection } from "./account-sessions";

/** The account page's cards, in two columns from 992 px. */
export function AccountSections({
  account,
  onLeave,
}: {
  account: Account;
  onLeave: (notice: AccountNotice) => void;
}) {
  // Changing the password may sign other browsers out: the list is read again after it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    // Two columns from 992 px: who the player is and how they sign in; then where they are signed in and the
    // account's end. One column, in that order, below.
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileSection account={account} />
        <EmailSection account={account} />
        <PasswordSection account={account} onChanged={() => setSessionsVersion((n) => n + 1)} />
        <PasskeysSection />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <SessionsSection version={sessionsVersion} />
        <SignOutSection onLeave={onLeave} />
        <ExportSection account={account} />
        <DeleteSection account={account} onDeleted={() => onLeave("deleted")} />
      </div>
    </div>
  );
}

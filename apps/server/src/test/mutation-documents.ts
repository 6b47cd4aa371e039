/**
 * The document of each mutation that both the authorization matrix and the event-log test call, so the two call
 * an operation alike: what one proves allowed is what the other proves logged.
 */
export const mutationDocuments = {
  acceptInvite: 'mutation AcceptInvite($inviteId: ID!) { acceptInvite(inviteId: $inviteId) }',
  acceptTerms: 'mutation AcceptTerms { acceptTerms { id } }',
  addOrUpdateBookmark:
    'mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) { addOrUpdateBookmark(input: $input) { id } }',
  addTeam: 'mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { id } }',
  approveAppRequest:
    'mutation ApproveAppRequest($requestId: ID!) { approveAppRequest(requestId: $requestId, comments: "Fine") { id } }',
  changeMyPassword: 'mutation ChangeMyPassword($input: ChangeMyPasswordInput!) { changeMyPassword(input: $input) }',
  confirmTotpEnrolment:
    'mutation ConfirmTotpEnrolment($input: ConfirmTotpEnrolmentInput!) { confirmTotpEnrolment(input: $input) { codes } }',
  contactUs: 'mutation ContactUs($input: ContactUsInput!) { contactUs(input: $input) }',
  createApplication:
    'mutation CreateApplication($input: CreateApplicationInput!) { createApplication(input: $input) { id } }',
  createInvite: 'mutation CreateInvite($input: CreateInviteInput!) { createInvite(input: $input) { successCount } }',
  createServiceKey: 'mutation CreateServiceKey($name: String!) { createServiceKey(name: $name) { key } }',
  declineInvite: 'mutation DeclineInvite($inviteId: ID!) { declineInvite(inviteId: $inviteId) }',
  deleteAccount: 'mutation DeleteAccount { deleteAccount }',
  deleteBookmark: 'mutation DeleteBookmark($bookmarkId: ID!) { deleteBookmark(bookmarkId: $bookmarkId) }',
  deleteInvite: 'mutation DeleteInvite($inviteId: ID!) { deleteInvite(inviteId: $inviteId) }',
  deleteTeam: 'mutation DeleteTeam($teamFriendlyId: String!) { deleteTeam(teamFriendlyId: $teamFriendlyId) }',
  finishPasskeyRegistration:
    'mutation FinishPasskeyRegistration($input: FinishPasskeyRegistrationInput!) { finishPasskeyRegistration(input: $input) { id } }',
  markAllNotificationsRead: 'mutation MarkAllNotificationsRead { markAllNotificationsRead }',
  markNotificationRead: 'mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id } }',
  reactivateUser: 'mutation ReactivateUser($userId: ID!) { reactivateUser(userId: $userId) { id } }',
  regenerateRecoveryCodes: 'mutation RegenerateRecoveryCodes { regenerateRecoveryCodes { codes } }',
  rejectAppRequest:
    'mutation RejectAppRequest($requestId: ID!) { rejectAppRequest(requestId: $requestId, comments: "No") { id } }',
  removePasskey: 'mutation RemovePasskey($id: ID!) { removePasskey(id: $id) { id } }',
  removeTeamMember:
    'mutation RemoveTeamMember($teamFriendlyId: String!, $memberId: ID!) { removeTeamMember(teamFriendlyId: $teamFriendlyId, memberId: $memberId) }',
  removeTotp: 'mutation RemoveTotp($input: RemoveTotpInput!) { removeTotp(input: $input) { managedHere } }',
  renamePasskey: 'mutation RenamePasskey($input: RenamePasskeyInput!) { renamePasskey(input: $input) { id } }',
  replayWebhookLog: 'mutation ReplayWebhookLog($id: ID!) { replayWebhookLog(id: $id) { processed } }',
  requestApplicationAccess:
    'mutation RequestApplicationAccess($input: RequestAccessInput!) { requestApplicationAccess(input: $input) { id } }',
  resendInvite: 'mutation ResendInvite($inviteId: ID!) { resendInvite(inviteId: $inviteId) { id } }',
  resetSecondFactors:
    'mutation ResetSecondFactors($userId: ID!) { resetSecondFactors(userId: $userId) { passkeyCount } }',
  revokeAnyServiceKey: 'mutation RevokeAnyServiceKey($id: ID!) { revokeAnyServiceKey(id: $id) { id } }',
  revokeOtherSessions: 'mutation RevokeOtherSessions { revokeOtherSessions }',
  revokeServiceKey: 'mutation RevokeServiceKey($id: ID!) { revokeServiceKey(id: $id) { id } }',
  revokeSession: 'mutation RevokeSession($id: ID!) { revokeSession(id: $id) { id } }',
  revokeTeamApplication:
    'mutation RevokeTeamApplication($friendlyTeamId: String!, $appId: ID!) { revokeTeamApplication(friendlyTeamId: $friendlyTeamId, appId: $appId) }',
  revokeUserSession: 'mutation RevokeUserSession($id: ID!) { revokeUserSession(id: $id) { id } }',
  setMyNotificationPreference:
    'mutation SetMyNotificationPreference($input: SetNotificationPreferenceInput!) { setMyNotificationPreference(input: $input) { type } }',
  startPasskeyRegistration: 'mutation StartPasskeyRegistration { startPasskeyRegistration }',
  startTotpEnrolment: 'mutation StartTotpEnrolment { startTotpEnrolment { uri } }',
  suspendUser: 'mutation SuspendUser($userId: ID!) { suspendUser(userId: $userId) { id } }',
  transferTeamOwnership:
    'mutation TransferTeamOwnership($teamFriendlyId: String!, $targetUserId: ID!) { transferTeamOwnership(teamFriendlyId: $teamFriendlyId, targetUserId: $targetUserId) { id } }',
  updateAppRequestComments:
    'mutation UpdateAppRequestComments($requestId: ID!) { updateAppRequestComments(requestId: $requestId, comments: "Noted") { id } }',
  updateApplication:
    'mutation UpdateApplication($input: UpdateApplicationInput!) { updateApplication(input: $input) { id } }',
  updateMemberRole:
    'mutation UpdateMemberRole($memberInput: UpdateMemberRoleInput!) { updateMemberRole(memberInput: $memberInput) { role } }',
  updateMyProfile:
    'mutation UpdateMyProfile($userInput: UpdateMyProfileInput!) { updateMyProfile(userInput: $userInput) { id } }',
  updateTeam: 'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { id } }',
  updateTeamMeta: 'mutation UpdateTeamMeta($input: UpdateTeamMetaInput!) { updateTeamMeta(input: $input) { id } }',
  updateUser: 'mutation UpdateUser($userInput: UpdateUserInput!) { updateUser(userInput: $userInput) { id } }',
};

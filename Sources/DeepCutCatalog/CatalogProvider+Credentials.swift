import DeepCutCore

extension CatalogProvider {
    /// Preflight: the refused-credentials error, found with one request before the sweep; nil when the
    /// credentials were accepted or this catalog needs none. The pipeline throws it (exit 78).
    package func credentialsRefused() async -> CatalogAuthorizationError? {
        guard let credentialed = self as? any CredentialedCatalogProvider else { return nil }
        return await credentialed.checkCredentials()
    }

    /// The refused-credentials error among a finished sweep's failures, if any: such a sweep is a
    /// configuration error (exit 78), not a partial one.
    package func credentialsRefused(in sweep: SweepOutcome) -> CatalogAuthorizationError? {
        guard let credentialed = self as? any CredentialedCatalogProvider else { return nil }
        for result in sweep.results {
            if case .failed(let failure) = result.outcome, let error = credentialed.authorizationError(for: failure) {
                return error
            }
        }
        return nil
    }
}

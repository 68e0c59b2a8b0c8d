import DeepCutCore

/// A catalog whose requests carry credentials, so some failures mean "the configuration is wrong"
/// rather than "this artist failed".
///
/// Callers use the `CatalogProvider` extension (`credentialsRefused()`, `credentialsRefused(in:)`),
/// which works for every provider and answers nil for catalogs without credentials.
protocol CredentialedCatalogProvider: CatalogProvider {
    /// The configuration error `failure` stands for when it is the catalog refusing our credentials.
    func authorizationError(for failure: FetchFailure) -> CatalogAuthorizationError?

    /// One cheap request proving the credentials before a sweep spends requests on artists; nil when
    /// they were accepted or the answer says nothing about them (an outage is the sweep's to report).
    func checkCredentials() async -> CatalogAuthorizationError?
}

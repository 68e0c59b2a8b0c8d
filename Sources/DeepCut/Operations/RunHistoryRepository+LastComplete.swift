import DeepCutCore
import DeepCutState
import Foundation

extension RunHistoryRepository {
    /// When the newest complete run finished: the metrics' last success, which a partial or
    /// failed run must not reset.
    func lastCompleteFinish() throws -> Date? {
        try database.withConnection { connection in
            try connection.query("SELECT MAX(finished_at) FROM runs WHERE status = ?", [RunStatus.complete]) {
                try $0.get(0, as: Date?.self)
            }.first ?? nil
        }
    }

    /// How many library artists the newest complete run swept: the library guard's reference. Rows
    /// written before `library_artists` was kept fall back to the sweep's artist count, which was
    /// the library's.
    func lastCompleteLibraryArtists() throws -> (runID: String, artists: Int)? {
        try database.withConnection { connection in
            try connection.query("""
                SELECT run_id, COALESCE(library_artists, artists_total) FROM runs WHERE status = ?
                ORDER BY started_at DESC, run_id DESC LIMIT 1
                """, [RunStatus.complete]) { (try $0.get(0, as: String.self), try $0.get(1, as: Int.self)) }.first
        }
    }
}

import DeepCutCore
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
}

extension DataModel {
    /// The identifiers that navstate's previous release (0.1) invented for the cookbook's recipes,
    /// each mapped to the sample's identifier of the same recipe (matched by name; three were
    /// renamed: Chocolate Crackles, Jianbing and Acar are now Chocolate Crackle Cookies, Jian Bing
    /// and Acar Awak). A scene saved by that release restores in full, each such entry reported as
    /// migrated, and the next save writes the sample's identifiers. Every recipe of the old set has
    /// a counterpart, so none is dropped for being only in the old set.
    public static let previousReleaseAliases: [Recipe.ID: Recipe.ID] = {
        var aliases: [Recipe.ID: Recipe.ID] = [:]
        for (old, new) in previousReleasePairs {
            if let old = Recipe.ID(old), let new = Recipe.ID(new) { aliases[old] = new }
        }
        return aliases
    }()

    /// (previous release's ID, the sample's ID), with the previous release's names as comments;
    /// literals checked by the tests.
    static let previousReleasePairs: [(String, String)] = [
        ("01891043-0ED4-4DAD-94D3-1C34396CEFBA", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"),  // Apple Pie
        ("B709BD0B-BFB7-4FF7-B25E-55E74CB8256F", "B95B2D99-F45D-4B74-9EC4-526914FFC414"),  // Baklava
        ("0FD7980B-0E91-46A3-A368-DF4E4727A107", "E17C729D-1E09-48F6-99E2-5BB959F5AE70"),  // Bolo de Rolo
        ("8560FAA9-6574-4C6B-B85B-2FE7E47570E7", "89202A12-2B04-4EFE-ADC5-D1ECE7A25389"),  // Chocolate Crackles
        ("45E9F4EA-BCD6-44F8-B3FF-83688553E63C", "412EA92A-40B5-4CFE-9379-627A1C80FFE1"),  // Crème Brûlée
        ("ACA5D218-843E-4313-AE69-83FC46B57BFA", "4792C8AE-9596-4502-A9CB-806E2DFEA408"),  // Fruit Pie Filling
        ("09972472-77FC-4CEA-BDFC-60036AB84C9F", "331C25F6-4FED-4DA5-980E-7E619855DE92"),  // Kanom Thong Ek
        ("FE2338B1-15A6-4968-B8C4-59AC2780F4C6", "1EAA5288-8D2B-4969-AF97-ED591796B456"),  // Mochi
        ("BB6C0E05-BCDE-4011-8D6B-32170F2C007D", "416F4F5A-A81C-40FD-87F1-060B0F57DE6D"),  // Marzipan
        ("5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB", "D0820C1A-1AFB-4472-97DA-39A475304048"),  // Pie Crust
        ("B44C44DE-915F-4723-9666-C3F1281DA4B0", "3D9FEA8C-B38E-4739-8B4B-424885D76926"),  // Shortbread Biscuits
        ("992E1474-AE74-487C-B951-F512ACE8E266", "586B9A4C-410A-40D2-AE40-BC32351A5C08"),  // Tiramisu
        ("A92BFAB8-A9C2-45B0-A8E1-D848D8490A43", "9BD6C3B2-30CB-425E-8D60-7F07D0BA720C"),  // Crêpe
        ("0652F284-4037-4EFB-8D81-E68A6A561F8B", "117E5CD4-8FF9-43FB-ACAE-53C35A648F6F"),  // Jianbing
        ("052470ED-D627-4C31-8DA9-7E66FA454475", "4584B877-E482-4FF2-824E-FC667BFAD271"),  // American
        ("63F0DAB1-EE5D-417B-90DD-E8DBDCA47F5F", "5666FEB6-90DB-4CD2-91FA-D6F00986E90E"),  // Dosa
        ("4BF7BCBB-3484-4C82-97C5-2BC29AE14D14", "752DAEB8-123E-4C48-A190-79742AA56869"),  // Injera
        ("9C8F91D0-88CB-413D-8763-7454791FB0BA", "F0D54AF2-04AD-4F08-ACE4-7886FCAE1F7B"),  // Acar
        ("30E411C9-50B2-423C-AAC3-3154E4157AFB", "F7FD59E8-F1AE-4331-8667-D5534817F7E7"),  // Ambrosia
        ("69632B4E-5D2D-4653-AA47-833C97FCA111", "3DE38C07-F985-4E05-810C-1108A777766B"),  // Bok L'hong
        ("41DDC2F1-C7A3-4171-ADED-5EBA3F604F17", "055D963C-0546-4578-AF18-6FBEE249EF35"),  // Caprese
        ("46C72CBE-87BA-4674-8A87-77F827FD0776", "50B62AF4-89AF-4D00-9832-E200FEC01279"),  // Ceviche
        ("3835DBDF-55A5-419D-B227-2A7A6143FD3F", "87AD6B33-FFD2-4E5C-BC4B-59769F7AC7E3"),  // Çoban Salatası
        ("B0BC21FC-0632-4CFD-8B01-056D89479C2F", "8A9BC0D5-A931-4381-BDA8-713DF6389FE7"),  // Fiambre
        ("A69D69E8-B408-4FFD-AAE1-F45EC46696BB", "E9497D38-49E0-4A18-939B-63A3F2C7C0B4"),  // Kachumbari
        ("1464023C-C905-4CD4-81AC-ED106057946B", "DE9F7106-4D0C-4EAC-B44C-A8D8ECD81087"),  // Niçoise
    ]
}
